import { ResponseErrorPanel } from '@backstage/core-components';
import type {
  EntityApplicationRef,
  ResourceRef,
} from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import CircularProgress from '@material-ui/core/CircularProgress';
import FormControl from '@material-ui/core/FormControl';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import InputLabel from '@material-ui/core/InputLabel';
import MenuItem from '@material-ui/core/MenuItem';
import Select from '@material-ui/core/Select';
import Switch from '@material-ui/core/Switch';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useResourceLogs } from '../../hooks/useResourceLogs';

const TAILS = [100, 500, 1000] as const;

/**
 * A resource's log lines: a container picker (when its pods run more than
 * one), how many of the last lines, and follow with a stop button; the
 * backend's size and time limits show as a "truncated" notice.
 */
export function ResourceLogsTab(props: {
  app: EntityApplicationRef;
  resource: ResourceRef;
  containers: string[];
}) {
  const { app, resource, containers } = props;
  const [container, setContainer] = useState(containers[0] ?? '');
  const [tailLines, setTailLines] = useState<number>(TAILS[0]);
  const [follow, setFollow] = useState(false);
  const [run, setRun] = useState(true);
  const request = useMemo(
    () => ({ container: container || undefined, tailLines, follow }),
    [container, tailLines, follow],
  );
  const logs = useResourceLogs(app, resource, request, run);
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [logs.entries.length]);
  const streaming = run && logs.status === 'streaming';
  const restart = () => {
    setRun(false);
    setTimeout(() => setRun(true), 0);
  };

  return (
    <Box>
      <Box
        display="flex"
        alignItems="center"
        flexWrap="wrap"
        style={{ gap: 16 }}
      >
        {containers.length > 1 && (
          <FormControl
            size="small"
            variant="outlined"
            style={{ minWidth: 180 }}
          >
            <InputLabel id="log-container-label">Container</InputLabel>
            <Select
              labelId="log-container-label"
              label="Container"
              value={container}
              onChange={e => setContainer(String(e.target.value))}
            >
              {containers.map(c => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        )}
        <FormControl size="small" variant="outlined" style={{ minWidth: 140 }}>
          <InputLabel id="log-tail-label">Last lines</InputLabel>
          <Select
            labelId="log-tail-label"
            label="Last lines"
            value={tailLines}
            onChange={e => setTailLines(Number(e.target.value))}
          >
            {TAILS.map(t => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControlLabel
          control={
            <Switch
              checked={follow}
              onChange={e => {
                setFollow(e.target.checked);
                setRun(true);
              }}
              color="primary"
            />
          }
          label="Follow"
        />
        {streaming && follow ? (
          <Button variant="outlined" onClick={() => setRun(false)}>
            Stop
          </Button>
        ) : (
          <Button variant="outlined" onClick={restart}>
            Reload
          </Button>
        )}
        {streaming && (
          <CircularProgress size={18} aria-label="Streaming logs" />
        )}
      </Box>
      {logs.status === 'error' && logs.error && (
        <Box mt={2}>
          <ResponseErrorPanel error={logs.error} />
        </Box>
      )}
      <Box
        component="pre"
        mt={2}
        p={1}
        aria-label="Log lines"
        style={{
          maxHeight: '55vh',
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
          fontSize: 12,
          background: 'rgba(0, 0, 0, 0.04)',
        }}
      >
        {logs.entries.map((entry, index) => (
          <div key={index}>
            <Typography
              component="span"
              variant="inherit"
              color="textSecondary"
            >
              {entry.timestamp ?? ''} {entry.pod}
              {entry.container ? `/${entry.container}` : ''}{' '}
            </Typography>
            {entry.content}
          </div>
        ))}
        {logs.entries.length === 0 && !streaming && (
          <Typography variant="inherit" color="textSecondary">
            No log lines.
          </Typography>
        )}
        <div ref={end} />
      </Box>
      {logs.status === 'truncated' && (
        <Alert severity="warning">Truncated: {logs.truncated}</Alert>
      )}
      {logs.status === 'stopped' && (
        <Typography variant="body2" color="textSecondary">
          Stopped following.
        </Typography>
      )}
    </Box>
  );
}
