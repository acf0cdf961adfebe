import {
  Sidebar,
  SidebarDivider,
  SidebarGroup,
  SidebarItem,
  SidebarScrollWrapper,
  SidebarSpace,
} from '@backstage/core-components';
import { NavContentBlueprint } from '@backstage/plugin-app-react';
import { MyGroupsSidebarItem } from '@backstage/plugin-org';
import { UserSettingsSignInAvatar } from '@backstage/plugin-user-settings';
import MenuIcon from '@material-ui/icons/Menu';
import GroupIcon from '@material-ui/icons/People';
import { SidebarLogo } from './SidebarLogo';
import { SkipToContent } from './SkipToContent';

/**
 * The sidebar. Its entries come from the pages the installed plugins
 * provide (title and icon of each page extension): the home page, the
 * catalog, the scaffolder, the GitOps fleet page, ... Before it, the
 * shell's first tab stop: a link that skips to the page's content.
 */
export const SidebarContent = NavContentBlueprint.make({
  params: {
    component: ({ navItems }) => {
      const nav = navItems.withComponent(item => (
        <SidebarItem icon={() => item.icon} to={item.href} text={item.title} />
      ));

      return (
        <>
          <SkipToContent />
          <Sidebar>
            <SidebarLogo />
            <SidebarGroup label="Menu" icon={<MenuIcon />}>
              {nav.take('page:app/home')}
              {nav.take('page:catalog')}
              <MyGroupsSidebarItem
                singularTitle="My Group"
                pluralTitle="My Groups"
                icon={GroupIcon}
              />
              {nav.take('page:scaffolder')}
              {nav.take('page:gitops')}
              <SidebarDivider />
              <SidebarScrollWrapper>
                {nav.rest({ sortBy: 'title' })}
              </SidebarScrollWrapper>
            </SidebarGroup>
            <SidebarSpace />
            <SidebarDivider />
            <SidebarGroup
              label="Settings"
              icon={<UserSettingsSignInAvatar />}
              to="/settings"
            >
              {nav.take('page:user-settings')}
            </SidebarGroup>
          </Sidebar>
        </>
      );
    },
  },
});
