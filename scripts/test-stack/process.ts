import { type ChildProcess, spawn } from 'node:child_process';

export interface Started {
  child: ChildProcess;
  /** Output seen so far (for error messages). */
  output(): string;
  /** Stops the whole process group (SIGTERM, then SIGKILL after 5 s or `stopTimeoutMs`). */
  stop(): Promise<void>;
}

/**
 * Starts a command in its own process group and resolves once a line of its
 * output matches `ready` (`null`: at once, for a quiet process the caller checks otherwise).
 * Rejects with the output if it exits or times out first.
 */
export function startProcess(
  command: string,
  args: string[],
  options: {
    env?: NodeJS.ProcessEnv;
    cwd?: string;
    ready: RegExp | null;
    timeoutMs: number;
    name: string;
    /** how long `stop()` waits after SIGTERM before SIGKILL (default 5 s; an orchestrator stopping its own children needs more) */
    stopTimeoutMs?: number;
  },
): Promise<Started & { match: RegExpMatchArray }> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {}
      }, options.stopTimeoutMs ?? 5000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        resolve();
      }
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${options.name} not ready after ${options.timeoutMs} ms:\n${log.slice(-4000)}`));
    }, options.timeoutMs);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.length > 200_000) log = log.slice(-100_000);
      const match = options.ready?.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match, output: () => log, stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    if (!options.ready) {
      clearTimeout(timer);
      resolve({ child, match: [''] as RegExpMatchArray, output: () => log, stop });
    }
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      // A native module that crashes the process (e.g. built for another Node) leaves no output of its own.
      const how =
        code !== null
          ? `exited with ${code}`
          : `was killed by ${signal}${signal === 'SIGSEGV' || signal === 'SIGABRT' ? ` (a native module crashed: run \`npm ci\` with this Node, ${process.version})` : ''}`;
      reject(new Error(`${options.name} ${how} before it was ready:\n${log.slice(-4000)}`));
    });
  });
}
