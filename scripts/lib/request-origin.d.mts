import type { IncomingMessage } from 'node:http';

export function trustedHopsFromEnv(): number;
export function clientAddressOf(peer: string, forwardedFor: string | undefined, hops: number): string;
export function annotateRequest(req: IncomingMessage, hops: number): void;
