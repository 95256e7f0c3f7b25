/**
 * TEST_PROFILE=production only (issue 43, decision 114): BullMQ runs a job at least once. A job whose
 * completion Redis lost (`kill -9` with `appendfsync everysec` loses up to a second of writes) or
 * whose worker stalled is run again; the shop's mail job must then not send its message twice.
 * The drill makes that happen on purpose: the password-reset mail's job, once sent and completed,
 * is put back into the queue as it was (BullMQ's retry of a completed job: the same id and data,
 * which is what a lost completion leaves behind). The worker runs it again; the mailbox still holds
 * one message (plugins/shop-mail/mail-once.ts).
 */
import { readFileSync } from 'node:fs';
import { Queue } from 'bullmq';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { backendShopHeaders } from '../browser';

const POLL = { timeout: 30_000, interval: 250 };
const EMAIL = 'demo@psiaki.test';

/** The job worker's own Redis URL (with its password), read from its environment as an operator could. */
function workerRedisUrl(): string {
  const env = readFileSync(`/proc/${inject('workerPid')}/environ`, 'utf8').split('\0');
  const url = env.find((v) => v.startsWith('REDIS_URL='))?.slice('REDIS_URL='.length);
  if (!url) throw new Error('the job worker runs without REDIS_URL');
  return url;
}

interface MailJobData {
  type: string;
  recipient: string;
  templateVars: { mailKey?: string };
}

let queue: Queue | undefined;
afterAll(async () => {
  await queue?.close();
});

describe('a mail job run twice (production profile)', () => {
  it('sends its message once', async () => {
    const url = new URL(workerRedisUrl());
    queue = new Queue('vendure-job-queue', {
      connection: {
        host: url.hostname,
        port: Number(url.port),
        password: decodeURIComponent(url.password),
        db: Number(url.pathname.slice(1) || 0),
      },
    });
    const mailbox = `${inject('mailboxUrl')}?email=${encodeURIComponent(EMAIL)}`;
    const resets = async () =>
      ((await (await fetch(mailbox)).json()) as Array<{ type: string }>).filter((m) => m.type === 'password-reset').length;
    const before = await resets();

    const reset = await fetch(`${inject('backendUrl')}/shop-api`, {
      method: 'POST',
      headers: backendShopHeaders(),
      body: JSON.stringify({ query: `mutation { requestPasswordReset(emailAddress: "${EMAIL}") { __typename } }` }),
    });
    expect(((await reset.json()) as { data: { requestPasswordReset: { __typename: string } } }).data.requestPasswordReset.__typename).toBe(
      'Success',
    );
    await expect.poll(resets, POLL).toBe(before + 1);

    // the job that sent it, completed: the newest password-reset mail job to this address
    const findJob = async () => {
      const done = await queue!.getJobs(['completed'], 0, 200);
      return done
        .filter(
          (j) =>
            j.name === 'send-email' && (j.data as MailJobData).type === 'password-reset' && (j.data as MailJobData).recipient === EMAIL,
        )
        .sort((a, b) => b.timestamp - a.timestamp)[0];
    };
    await expect.poll(async () => Boolean(await findJob()), POLL).toBe(true);
    const job = (await findJob())!;
    expect((job.data as MailJobData).templateVars.mailKey).toMatch(/^[0-9a-f-]{36}$/);
    const firstFinish = job.finishedOn!;

    // as if Redis had forgotten that it finished: back in the queue, same id, same data
    await job.retry('completed');
    await expect
      .poll(async () => {
        const again = await queue!.getJob(job.id!);
        return again && (await again.getState()) === 'completed' && again.finishedOn! > firstFinish;
      }, POLL)
      .toBe(true);
    await new Promise((r) => setTimeout(r, 2000));
    const after = await resets();
    console.log(`[mail once] job ${job.id} run twice; password-reset mails before ${before}, after ${after}`);
    expect(after).toBe(before + 1);
  }, 90_000);
});
