export function serverSettings(): { port: number; hostname: string | undefined; appEnv: string };
export function trustedProxyHops(): number;
export function nextDistDir(): string;
export function setProcessEnv(name: string, value: string | undefined): void;
export function setProcessEnvDefault(name: string, value: string): void;
