/**
 * In-process signal that messages became due now, so that a message worker running in this
 * process sends them without waiting for its next poll (callers: `ctx.afterCommit(notifyMessagesDue)`
 * after `queueMessage`). Workers in other processes still find them by polling; nothing depends on it.
 */
import { EventEmitter } from 'node:events';
import { runtime } from '@/lib/runtime';

declare module '@/lib/runtime' {
  interface Runtime {
    /** Wakes a message worker of this process (lib/domain/outbox/message-wake.ts). */
    messagesDue?: EventEmitter;
  }
}
const emitter = () => (runtime().messagesDue ??= new EventEmitter().setMaxListeners(50));

export function notifyMessagesDue(): void {
  emitter().emit('due');
}

/** Subscribes to the signal; returns the unsubscribe function. */
export function onMessagesDue(listener: () => void): () => void {
  emitter().on('due', listener);
  return () => emitter().off('due', listener);
}
