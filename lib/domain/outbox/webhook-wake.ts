/**
 * In-process signal that deliveries became due now (a redelivery, a new event), so that a
 * delivery worker running in this process sends them without waiting for its next poll. Workers
 * in other processes still find them by polling; nothing depends on this signal.
 */
import { EventEmitter } from 'node:events';
import { runtime } from '@/lib/runtime';

declare module '@/lib/runtime' {
  interface Runtime {
    /** Wakes a delivery worker of this process (lib/domain/outbox/webhook-wake.ts). */
    deliveriesDue?: EventEmitter;
  }
}
const emitter = () => (runtime().deliveriesDue ??= new EventEmitter().setMaxListeners(50));

export function notifyDeliveriesDue(): void {
  emitter().emit('due');
}

/** Subscribes to the signal; returns the unsubscribe function. */
export function onDeliveriesDue(listener: () => void): () => void {
  emitter().on('due', listener);
  return () => emitter().off('due', listener);
}
