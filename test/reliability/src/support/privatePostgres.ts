import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { closedPort } from '@gitops-suite/plugin-gitops-backend/testUtils';

const run = promisify(execFile);

/** A PostgreSQL server of this test alone, which it may stop and start. */
export interface PrivatePostgres {
  url: string;
  port: number;
  /** Stops the server (fast mode: open connections are cut), waits, starts it again. */
  restart(downMs: number): Promise<void>;
  stop(): Promise<void>;
}

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter(v => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : undefined;
}

/**
 * Starts a throwaway PostgreSQL server (initdb into a temp directory, pg_ctl
 * on a free port, trust auth on 127.0.0.1). As root it runs as the
 * `postgres` user, which PostgreSQL requires. Undefined when the server
 * binaries are not installed.
 */
export async function startPrivatePostgres(): Promise<
  PrivatePostgres | undefined
> {
  const bin = binDir();
  if (!bin) return undefined;
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gitops-reliability-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const exec = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', [
          '-u',
          'postgres',
          '--',
          path.join(bin, command),
          ...args,
        ])
      : run(path.join(bin, command), args);

  await exec('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const port = await closedPort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    exec('pg_ctl', ['-D', data, '-o', options, '-l', logFile, '-w', 'start']);
  const stopServer = () =>
    exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  await start();
  let running = true;

  return {
    port,
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    async restart(downMs: number) {
      await stopServer();
      running = false;
      await new Promise(resolve => setTimeout(resolve, downMs));
      await start();
      running = true;
    },
    async stop() {
      if (running) await stopServer().catch(() => undefined);
      running = false;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
