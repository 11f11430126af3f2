import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { isKnownRefusal, useRequestId } from './use-request-id.ts';

describe('useRequestId', () => {
  it('keeps the id after a lost or failed call, and draws a new one after a success or a refusal', () => {
    const { result } = renderHook(() => useRequestId());
    const first = result.current.requestId;
    act(() => result.current.settle(new ApiError('network', 'offline')));
    expect(result.current.requestId).toBe(first);
    act(() => result.current.settle(new ApiError('timeout', 'slow')));
    expect(result.current.requestId).toBe(first);
    act(() => result.current.settle(new ApiError('server', 'bad gateway', null, 502)));
    expect(result.current.requestId).toBe(first);
    act(() => result.current.settle(new ApiError('server', 'internal', 'internal_error', 500)));
    expect(result.current.requestId).toBe(first);
    act(() => result.current.settle(new ApiError('server', 'Not enough money.', 'insufficient_balance', 400)));
    const second = result.current.requestId;
    expect(second).not.toBe(first);
    act(() => result.current.settle());
    expect(result.current.requestId).not.toBe(second);
  });

  it('renews on demand, and treats an error that is not a call failure as an unknown outcome', () => {
    const { result } = renderHook(() => useRequestId());
    const first = result.current.requestId;
    act(() => result.current.settle(new Error('thrown elsewhere')));
    expect(result.current.requestId).toBe(first);
    act(() => result.current.renew());
    expect(result.current.requestId).not.toBe(first);
    expect(isKnownRefusal(new ApiError('server', 'refused', 'idempotency_conflict', 409))).toBe(true);
  });
});
