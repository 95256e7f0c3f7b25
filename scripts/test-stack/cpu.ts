/**
 * CPU time of a load run per process group (Linux /proc), for `npm run load` and `npm run bench`:
 * the load generator shares the machine's cores with the stack it measures, so its requests/s mean
 * little without what each part spent.
 *
 * A group is the process trees under some pids (wrangler: its cli, workerd and esbuild; the backend:
 * the SQLite server, or the production profile's orchestrator with PostgreSQL, Redis, HAProxy, the API
 * servers, the job worker and the stand-ins). Its CPU time is user + system of every process in the
 * trees, plus what they reaped of children that ended (cutime + cstime), at the end minus at the start:
 * a process that ends during the run counts, under its parent. The load generator is this process
 * (process.cpuUsage()). The rest of the machine (other developers' work on a shared machine) is the
 * busy time of /proc/stat minus all of that.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** USER_HZ: /proc's times are in 1/100 s on every Linux this runs on (`getconf CLK_TCK`). */
const TICKS_PER_SECOND = 100;

export interface CpuGroup {
  name: string;
  /** roots of the group's process trees (undefined: the process is not known; the group counts 0) */
  pids: Array<number | undefined>;
}

interface Proc {
  ppid: number;
  /** user + system time of the process and of its children it reaped, in ticks */
  ticks: number;
  comm: string;
}

/** Which part of a group a process is, by its command (for the breakdown of the backend). */
function partOf(pid: number, comm: string): string {
  if (comm === 'workerd') return 'workerd';
  if (comm === 'esbuild') return 'esbuild';
  if (comm.startsWith('postgres')) return 'PostgreSQL';
  if (comm.startsWith('redis')) return 'Redis';
  if (comm === 'haproxy') return 'HAProxy';
  let cmdline = '';
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {}
  if (/wrangler/.test(cmdline)) return 'wrangler';
  if (/api-server\.js/.test(cmdline)) return 'API servers';
  if (/job-worker\.js/.test(cmdline)) return 'job worker';
  if (/stand-ins/.test(cmdline)) return 'stand-ins';
  if (/backend\/dist\/start\.js/.test(cmdline)) return 'Vendure (SQLite) and stand-ins';
  if (/start-production/.test(cmdline)) return 'orchestrator';
  return comm;
}

function readProcs(): Map<number, Proc> {
  const procs = new Map<number, Proc>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // fields after the command: state ppid … utime(14) stime(15) cutime(16) cstime(17), numbered from pid = 1
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(entry), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]), comm });
    } catch {}
  }
  return procs;
}

/** Ticks per part of the trees under `roots`. */
function treeTicks(procs: Map<number, Proc>, roots: Array<number | undefined>): Map<string, number> {
  const members = new Set(roots.filter((p): p is number => typeof p === 'number' && procs.has(p)));
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, proc] of procs)
      if (members.has(proc.ppid) && !members.has(pid)) {
        members.add(pid);
        grew = true;
      }
  }
  const parts = new Map<string, number>();
  for (const pid of members) {
    const proc = procs.get(pid)!;
    const part = partOf(pid, proc.comm);
    parts.set(part, (parts.get(part) ?? 0) + proc.ticks);
  }
  return parts;
}

/** Busy ticks of the whole machine (/proc/stat: user, nice, system, irq, softirq, steal). */
function machineTicks(): number {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return f[0]! + f[1]! + f[2]! + f[5]! + f[6]! + f[7]!;
}

export interface CpuRow {
  name: string;
  seconds: number;
  /** CPU time per wall time, in % of one core (the machine has `cores` × 100 %) */
  percent: number;
  parts: Array<{ name: string; seconds: number }>;
}

export interface CpuReport {
  wallSeconds: number;
  cores: number;
  rows: CpuRow[];
  /** busy time of the machine outside the groups and this process */
  otherSeconds: number;
}

/**
 * Starts counting; `stop()` returns the CPU seconds each group (and this process, as "load generator")
 * spent since. The groups' pids are read again at the end, so processes started meanwhile count.
 */
export function cpuMeter(groups: CpuGroup[]): { stop(): CpuReport } {
  const procs = readProcs();
  const before = groups.map((g) => treeTicks(procs, g.pids));
  const self = process.cpuUsage();
  const machine = machineTicks();
  const started = performance.now();
  return {
    stop() {
      const wallSeconds = (performance.now() - started) / 1000;
      const own = process.cpuUsage(self);
      const now = readProcs();
      const pct = (seconds: number) => (100 * seconds) / wallSeconds;
      const rows: CpuRow[] = [
        { name: 'load generator', seconds: (own.user + own.system) / 1e6, percent: 0, parts: [] },
        ...groups.map((g, i) => {
          const after = treeTicks(now, g.pids);
          const names = new Set([...before[i]!.keys(), ...after.keys()]);
          const parts = [...names]
            .map((name) => ({ name, seconds: ((after.get(name) ?? 0) - (before[i]!.get(name) ?? 0)) / TICKS_PER_SECOND }))
            .filter((p) => p.seconds !== 0)
            .sort((a, b) => b.seconds - a.seconds);
          return { name: g.name, seconds: parts.reduce((s, p) => s + p.seconds, 0), percent: 0, parts };
        }),
      ];
      for (const row of rows) row.percent = pct(row.seconds);
      const ours = rows.reduce((s, r) => s + r.seconds, 0);
      const otherSeconds = Math.max(0, (machineTicks() - machine) / TICKS_PER_SECOND - ours);
      return { wallSeconds, cores: availableParallelism(), rows, otherSeconds };
    },
  };
}

const fixed = (n: number, digits: number) => n.toFixed(digits);

/** CPU ms per request of the group `name` (0 without requests). */
export function msPerRequest(rows: CpuRow[], name: string, requests: number): number {
  const row = rows.find((r) => r.name === name);
  return row && requests ? (1000 * row.seconds) / requests : 0;
}

/**
 * The report as a Markdown table: CPU seconds and % of one core per group (the backend's and the
 * worker's parts in brackets), and CPU ms per request for `perRequest` groups (worker and backend:
 * what a capacity model needs).
 */
export function formatCpu(report: CpuReport, requests: number, perRequest: string[] = ['worker', 'backend']): string {
  const lines = [
    `CPU over the run (${fixed(report.wallSeconds, 1)} s wall, ${report.cores} cores = ${report.cores * 100} % at most; user + system, children included):`,
    '',
    '| process group | CPU s | % of one core | CPU ms per request |',
    '|---|---|---|---|',
  ];
  for (const row of report.rows) {
    const parts = row.parts.length ? ` (${row.parts.map((p) => `${p.name} ${fixed(p.seconds, 1)}`).join(', ')})` : '';
    const perMs = (seconds: number) => fixed((1000 * seconds) / requests, 1);
    const perReq =
      !perRequest.includes(row.name) || !requests
        ? '–'
        : `${perMs(row.seconds)}${row.parts.length > 1 ? ` (${row.parts.map((p) => `${p.name} ${perMs(p.seconds)}`).join(', ')})` : ''}`;
    lines.push(`| ${row.name}${parts} | ${fixed(row.seconds, 1)} | ${fixed(row.percent, 0)} % | ${perReq} |`);
  }
  lines.push(
    `| rest of the machine (not this run) | ${fixed(report.otherSeconds, 1)} | ${fixed((100 * report.otherSeconds) / report.wallSeconds, 0)} % | – |`,
  );
  return lines.join('\n');
}
