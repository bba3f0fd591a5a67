import { describe, expect, it } from 'vitest';
import { statusBadge } from './status-badge';

describe('statusBadge', () => {
  it.each([
    ['initiated', 'info'],
    ['pending', 'warning'],
    ['close', 'primary'],
    ['processing', 'accent'],
    ['shipping', 'accent'],
    ['open', 'accent'],
    ['delivered', 'success'],
    ['paid', 'success'],
    ['active', 'success'],
    ['resolved', 'success'],
    ['accepted', 'success'],
    ['failed', 'error'],
    ['cancelled', 'error'],
    ['unpaid', 'error'],
    ['rejected', 'error'],
    ['something-new', 'info'],
  ])('%s is %s', (status, color) => {
    expect(statusBadge(status).color).toBe(color);
  });

  it('labels in upper case', () => {
    expect(statusBadge('pending').label).toBe('PENDING');
  });
});
