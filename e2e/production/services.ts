/**
 * The production profile's services as the outage tests see them (issue 43): which process is
 * Redis and PostgreSQL now (the supervisor restarts them under new pids), and whether a process runs.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The pid of the stack's Redis now: the process Redis titles `/usr/bin/redis-server 127.0.0.1:<its port>`. */
export function currentRedisPid(): number {
  const title = `redis-server 127.0.0.1:${inject('redisPort')}`;
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')[0]!.trim().endsWith(title)) return Number(entry);
    } catch {
      // a process that ended while we looked
    }
  }
  throw new Error(`no process titled "${title}"`);
}

/** The stack's PostgreSQL data folder: the `-D` of the postmaster the stack started (read while it runs). */
let postgresData: string | undefined;

/**
 * The pid of the stack's PostgreSQL now (its data folder's `postmaster.pid`). Call it once before
 * any test restarts PostgreSQL: the first call reads the data folder from the first postmaster.
 */
export function currentPostgresPid(): number {
  if (!postgresData) {
    const args = readFileSync(`/proc/${inject('postgresPid')}/cmdline`, 'utf8').split('\0');
    postgresData = args[args.indexOf('-D') + 1];
    if (!postgresData) throw new Error("the stack's PostgreSQL runs without -D");
  }
  return Number(readFileSync(join(postgresData, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/**
 * The API servers running now (the supervisor replaces a server that died under a new pid): the
 * processes running `api-server.js` whose `BACKEND_PORT` is one of the stack's API ports.
 */
export function currentApiServerPids(): number[] {
  const ports = new Set(inject('apiServerPorts').map(String));
  const pids: number[] = [];
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('api-server.js')) continue;
      const port = readFileSync(`/proc/${entry}/environ`, 'utf8')
        .split('\0')
        .find((v) => v.startsWith('BACKEND_PORT='))
        ?.slice('BACKEND_PORT='.length);
      if (port && ports.has(port)) pids.push(Number(entry));
    } catch {
      // a process that ended while we looked
    }
  }
  return pids;
}
