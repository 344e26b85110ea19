// Quote expiry (001 section 4) from the shared rules: 'Expires in {countdown}' or 'Expired'.
import { expiryText as ruleExpiryText, isQuoteExpired } from '../../lib/booking-rules';

export function expiryText(expiresUtc: string, now: number): string {
  return ruleExpiryText(expiresUtc, new Date(now));
}

export function isExpired(expiresUtc: string, now: number): boolean {
  return isQuoteExpired(expiresUtc, new Date(now));
}
