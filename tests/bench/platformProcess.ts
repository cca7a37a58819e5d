import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from '../support/server.ts';

/**
 * The platform as a child process for the benches that kill it (`bench:orders`, `bench:crash`): `npm run
 * serve`'s entry with the bench's environment, its log's last lines, the error lines it logged, its CPU time.
 */

export /** utime + stime (+ reaped children) of a process from /proc, in seconds; 0 when it is gone. */
async function procCpu(pid: number, withChildren = false): Promise<{ comm: string; cpu: number }> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14-17 of proc(5); `fields` starts at field 3.
    const ticks = [11, 12, ...(withChildren ? [13, 14] : [])].reduce((sum, i) => sum + Number(fields[i]), 0);
    return { comm, cpu: ticks / 100 };
  } catch {
    return { comm: '', cpu: 0 };
  }
}

export class PlatformProcess {
  #child: ChildProcess | undefined;
  #exited: Promise<void> = Promise.resolve();
  #deadCpu = 0;
  #tail: string[] = [];
  errorLines = 0;
  agent: http.Agent;

  /** `maxSockets`: keep-alive connections to the server, as many as the load runs at once. */
  constructor(
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly maxSockets: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  /** Starts the server and resolves when /api/health answers 200; returns the milliseconds it took. */
  async start(): Promise<number> {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: REPO_ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#child = child;
    this.#exited = new Promise((resolve) => child.once('exit', () => resolve()));
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        for (const line of chunk.split('\n')) {
          if (line.trim() === '') continue;
          if (/"level":(50|60)/.test(line)) this.errorLines += 1;
          this.#tail.push(line);
          if (this.#tail.length > 30) this.#tail.shift();
        }
      });
    }
    let exited = false;
    void this.#exited.then(() => {
      exited = true;
    });
    while (performance.now() - started < 120_000) {
      if (exited) throw new Error(`the server exited during the start:\n${this.#tail.join('\n')}`);
      const healthy = await new Promise<boolean>((resolve) => {
        const request = http.get({ host: '127.0.0.1', port: this.port, path: '/api/health' }, (response) => {
          response.resume();
          resolve(response.statusCode === 200);
        });
        request.on('error', () => resolve(false));
      });
      if (healthy) {
        this.agent = new http.Agent({ keepAlive: true, maxSockets: this.maxSockets });
        return performance.now() - started;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the server did not become healthy within 120 s:\n${this.#tail.join('\n')}`);
  }

  /** CPU seconds of every server process so far (the killed ones up to their kill). */
  async cpu(): Promise<number> {
    const pid = this.#child?.exitCode === null ? this.#child.pid : undefined;
    return this.#deadCpu + (pid ? (await procCpu(pid)).cpu : 0);
  }

  async kill9(): Promise<void> {
    const child = this.#child;
    if (!child?.pid || child.exitCode !== null) return;
    this.#deadCpu += (await procCpu(child.pid)).cpu;
    child.kill('SIGKILL');
    await this.#exited;
    this.agent.destroy();
  }

  async stop(): Promise<void> {
    const child = this.#child;
    if (!child?.pid || child.exitCode !== null) return;
    this.#deadCpu += (await procCpu(child.pid)).cpu;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await this.#exited;
    clearTimeout(timer);
    this.agent.destroy();
  }

  tail(): string {
    return this.#tail.join('\n');
  }
}
