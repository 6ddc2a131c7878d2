/**
 * In-process signal that deliveries became due now (a redelivery, a new event), so that a
 * delivery worker running in this process sends them without waiting for its next poll. Workers
 * in other processes still find them by polling; nothing depends on this signal.
 */
import { EventEmitter } from 'node:events';

const key = Symbol.for('dto.webhooks.wake');
const holder = globalThis as { [key]?: EventEmitter };
const emitter = (holder[key] ??= new EventEmitter().setMaxListeners(50));

export function notifyDeliveriesDue(): void {
  emitter.emit('due');
}

/** Subscribes to the signal; returns the unsubscribe function. */
export function onDeliveriesDue(listener: () => void): () => void {
  emitter.on('due', listener);
  return () => emitter.off('due', listener);
}
