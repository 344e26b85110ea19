import { describe, expect, it } from 'vitest';
import { isPortalCode, parseHost } from './host';

describe('parseHost', () => {
  it('takes the first label as the portal code in production', () => {
    expect(parseHost('za.courier.example', 'za')).toEqual({ code: 'za', environment: 'production' });
  });

  it('takes the part after a hyphen, and the environment from the prefix', () => {
    expect(parseHost('staging-na.courier.example', 'za')).toEqual({ code: 'na', environment: 'staging' });
    expect(parseHost('local-bw.courier.example', 'za')).toEqual({ code: 'bw', environment: 'local' });
    expect(parseHost('integrations-ke.courier.example', 'za')).toEqual({ code: 'ke', environment: 'integrations' });
  });

  it('treats an unknown prefix as production', () => {
    expect(parseHost('beta-za.courier.example', 'za')).toEqual({ code: 'za', environment: 'production' });
  });

  it('maps loopback hosts to the default portal', () => {
    expect(parseHost('localhost', 'ZA')).toEqual({ code: 'za', environment: 'local' });
    expect(parseHost('127.0.0.1', 'na')).toEqual({ code: 'na', environment: 'local' });
  });

  it('reads a subdomain of localhost like any other host', () => {
    expect(parseHost('qq.localhost', 'za')).toEqual({ code: 'qq', environment: 'production' });
  });

  it('accepts only two-letter portal codes', () => {
    expect(isPortalCode('za')).toBe(true);
    expect(isPortalCode('www')).toBe(false);
    expect(isPortalCode('')).toBe(false);
  });
});
