/** Message providers (DESIGN.md 6.1): which failures are permanent, and the Twilio request's shape. */
import { describe, expect, it } from 'vitest';
import { maskAddress } from '@/lib/domain/outbox/message-queue';
import { smtpOutcome } from '@/lib/worker/providers/smtp';
import { twilioRequest } from '@/lib/worker/providers/twilio';

describe('smtpOutcome', () => {
  it('5xx answers are permanent', () => {
    expect(smtpOutcome({ responseCode: 550, response: '550 5.1.1 No such user', code: 'EENVELOPE' })).toEqual({ ok: false, permanent: true, error: 'smtp 550: 550 5.1.1 No such user' });
    expect(smtpOutcome({ responseCode: 535, response: '535 5.7.8 Authentication failed', code: 'EAUTH' })).toMatchObject({ permanent: true });
  });
  it('4xx answers and connection failures are transient', () => {
    expect(smtpOutcome({ responseCode: 421, response: '421 4.7.0 Try again later' })).toEqual({ ok: false, permanent: false, error: 'smtp 421: 421 4.7.0 Try again later' });
    expect(smtpOutcome({ code: 'ECONNECTION', message: 'connect ECONNREFUSED 127.0.0.1:25' })).toEqual({ ok: false, permanent: false, error: 'smtp ECONNECTION: connect ECONNREFUSED 127.0.0.1:25' });
    expect(smtpOutcome({ code: 'ETIMEDOUT', message: 'Greeting never received' })).toMatchObject({ permanent: false });
  });
  it('keeps the error to one line of at most 500 characters', () => {
    const { error } = smtpOutcome({ responseCode: 451, response: `451 ${'x'.repeat(900)}\r\nmore` }) as { error: string };
    expect(error.length).toBe(500);
    expect(error).not.toMatch(/[\r\n]/);
  });
});

describe('twilioRequest', () => {
  const options = { accountSid: 'AC123', authToken: 'secret', from: '+15005550006' };
  it('posts the form to the account\'s Messages.json with basic auth', () => {
    const r = twilioRequest(options, { to: '+15125550100', sms: 'Hello & welcome' });
    expect(r.url).toBe('https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json');
    expect(r.headers.authorization).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
    expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(r.body))).toEqual({ To: '+15125550100', From: '+15005550006', Body: 'Hello & welcome' });
  });
  it('uses TWILIO_API_BASE without a trailing slash, and MessagingServiceSid for an MG sender', () => {
    const r = twilioRequest({ ...options, from: 'MGabc', apiBase: 'http://127.0.0.1:9999/' }, { to: '+1', sms: 'x' });
    expect(r.url).toBe('http://127.0.0.1:9999/2010-04-01/Accounts/AC123/Messages.json');
    expect(Object.fromEntries(new URLSearchParams(r.body))).toEqual({ To: '+1', MessagingServiceSid: 'MGabc', Body: 'x' });
  });
});

describe('maskAddress', () => {
  it('shows the first letter and the domain of an e-mail, the country and last four digits of a phone', () => {
    expect(maskAddress('email', 'jordan.rivera@example.com')).toBe('j***@example.com');
    expect(maskAddress('sms', '+15125550199')).toBe('+1******0199');
  });
});
