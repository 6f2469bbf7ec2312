import { APP_ROUTES } from '@quay/core';
import { describe, expect, it } from 'vitest';
import { PAGES } from './pages';

describe('the route table', () => {
  it('draws every route of the shared list once, and nothing the server would answer 404', () => {
    expect(PAGES.map((p) => p.path).sort()).toEqual([...APP_ROUTES].sort());
  });
});
