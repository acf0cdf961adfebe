import { configApiRef, useApi } from '@backstage/core-plugin-api';
import { makeStyles } from '@material-ui/core';
import Typography from '@material-ui/core/Typography';
import { LogoIcon } from './LogoIcon';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    gap: 10,
  },
  title: {
    color: '#7df3e1',
    fontWeight: 600,
    fontSize: 20,
    lineHeight: 1.1,
    whiteSpace: 'nowrap',
  },
});

/**
 * The open sidebar's logo: the mark and the portal's name, `app.title`
 * (the name the browser tab and the home page show too).
 */
export const LogoFull = () => {
  const classes = useStyles();
  const title =
    useApi(configApiRef).getOptionalString('app.title') ?? 'Backstage';
  return (
    <div className={classes.root}>
      <LogoIcon />
      <Typography component="span" className={classes.title}>
        {title}
      </Typography>
    </div>
  );
};
