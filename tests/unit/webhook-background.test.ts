import { afterEach, describe, expect, it } from 'vitest';
import { deliveryWorkerEnabled, startBackgroundWork } from '@/lib/background';
import { silentLogger } from '@/lib/worker/loop';

describe('startBackgroundWork', () => {
  const saved = { APP_ENV: process.env.APP_ENV, SANDBOX: process.env.SANDBOX, WEBHOOK_WORKER: process.env.WEBHOOK_WORKER };
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  });

  it('starts once per process and stops', async () => {
    const work = startBackgroundWork({ deliveries: false, sandbox: false, log: silentLogger });
    expect(work.running).toEqual({ deliveries: false, sandbox: false });
    expect(startBackgroundWork({ deliveries: true, log: silentLogger })).toBe(work);
    await work.stop();
    const again = startBackgroundWork({ deliveries: false, sandbox: false, log: silentLogger });
    expect(again).not.toBe(work);
    await again.stop();
  });

  it('no sandbox in production; WEBHOOK_WORKER=off and SANDBOX=off switch the parts off', async () => {
    process.env.APP_ENV = 'production';
    process.env.WEBHOOK_WORKER = 'off';
    expect(deliveryWorkerEnabled()).toBe(false);
    let work = startBackgroundWork({ log: silentLogger });
    expect(work.running).toEqual({ deliveries: false, sandbox: false });
    await work.stop();
    process.env.APP_ENV = 'staging';
    process.env.SANDBOX = 'off';
    work = startBackgroundWork({ log: silentLogger });
    expect(work.running).toEqual({ deliveries: false, sandbox: false });
    await work.stop();
    delete process.env.WEBHOOK_WORKER;
    expect(deliveryWorkerEnabled()).toBe(true);
  });
});
