import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike, ilikeAny, startsWithPattern } from './text-match';

const dialect = new PgDialect();

describe('LIKE patterns', () => {
  it("escapes the pattern's own characters so a search matches them literally", () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(containsPattern('5% fat')).toBe('%5\\% fat%');
    expect(startsWithPattern('jam_')).toBe('jam\\_%');
  });
});

describe('ilikeAny', () => {
  it('is no condition without a search', () => {
    expect(ilikeAny(undefined, sql`name`)).toBeUndefined();
    expect(ilikeAny('', sql`name`)).toBeUndefined();
  });

  it('matches the escaped search anywhere in any of the columns', () => {
    const condition = ilikeAny('a_b', sql.raw('"name"'), sql.raw('"email"'));
    expect(condition && dialect.sqlToQuery(condition)).toMatchObject({
      sql: '("name" ilike $1 or "email" ilike $2)',
      params: ['%a\\_b%', '%a\\_b%'],
    });
  });
});
