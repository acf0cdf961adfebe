import {
  coreExtensionData,
  createFrontendModule,
} from '@backstage/frontend-plugin-api';
import catalogPlugin from '@backstage/plugin-catalog/alpha';
import { CatalogTableNames } from './CatalogTableNames';

/**
 * The catalog's index page, as the catalog plugin makes it, with names
 * that keep their words whole in its table (CatalogTableNames).
 */
const catalogIndexPage = catalogPlugin.getExtension('page:catalog').override({
  *factory(originalFactory) {
    for (const output of originalFactory()) {
      yield output.id === coreExtensionData.reactElement.id
        ? coreExtensionData.reactElement(
            <CatalogTableNames>
              {output.value as JSX.Element}
            </CatalogTableNames>,
          )
        : output;
    }
  },
});

/** The app's changes to the catalog plugin's pages. */
export const catalogModule = createFrontendModule({
  pluginId: 'catalog',
  extensions: [catalogIndexPage],
});
