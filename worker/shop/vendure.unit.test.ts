import { graphql } from 'gql.tada';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../pages/errors';
import { shopClient } from './vendure';

/** A response whose headers arrived but whose body stops with `error` half-way. */
function cutOff(error: Error): Response {
  return new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"data":{"products":'));
        controller.error(error);
      },
    }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );
}

async function outcome(answer: Response): Promise<{ status: number; message: string } | 'ok'> {
  vi.stubGlobal('fetch', () => Promise.resolve(answer));
  try {
    await shopClient({ VENDURE_SHOP_API: `http://backend-${Math.random()}.test/shop-api` }).request(graphql('{ activeChannel { id } }'));
    return 'ok';
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
}

describe('Shop API client: an answer that goes wrong after its headers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a 503 (retry) when the timeout cuts the body off, not an unexplained 500', async () => {
    expect(await outcome(cutOff(new DOMException('The operation was aborted due to timeout', 'TimeoutError')))).toEqual({
      status: 503,
      message: 'Shop API answer timed out while arriving',
    });
  });

  it('is a 503 when the connection drops half-way', async () => {
    expect(await outcome(cutOff(new TypeError('Network connection lost.')))).toEqual({
      status: 503,
      message: 'Shop API answer was cut off while arriving',
    });
  });

  it('is a 502 when the body is not JSON', async () => {
    expect(await outcome(new Response('<html>Bad gateway</html>', { status: 200 }))).toEqual({
      status: 502,
      message: 'Shop API answered something other than JSON',
    });
  });

  it('still returns the data of a whole answer', async () => {
    expect(await outcome(Response.json({ data: { activeChannel: { id: '1' } } }))).toBe('ok');
  });
});
