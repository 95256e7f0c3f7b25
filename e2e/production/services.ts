/**
 * The production profile's services as the outage tests see them (issue 43): which process is
 * Redis now (the supervisor restarts it under a new pid), and whether a process runs.
 */
import { readFileSync, readdirSync } from 'node:fs';
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
