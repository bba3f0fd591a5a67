import { describe, expect, it } from 'vitest';
import { decodeEntities } from './html-entities';

describe('decodeEntities', () => {
  it('decodes what a sanitiser writes into text, and leaves the rest as written', () => {
    expect(decodeEntities('Fish &amp; Chips')).toBe('Fish & Chips');
    expect(decodeEntities('&lt;b&gt; &quot;quoted&quot; it&#39;s &#x2019;&nbsp;')).toBe(
      `<b> "quoted" it's \u2019\u00a0`,
    );
    expect(decodeEntities('&amp;lt; stays one level')).toBe('&lt; stays one level');
    expect(decodeEntities('AT&T &unknown; &#0; &#xD800; & alone')).toBe('AT&T &unknown; &#0; &#xD800; & alone');
  });
});
