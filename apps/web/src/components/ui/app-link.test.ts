import { type ComponentProps, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppLink } from './app-link';

const render = (href: string) =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(AppLink, { href } as ComponentProps<typeof AppLink>, 'See the deal'),
    ),
  );

describe('AppLink', () => {
  it('renders no href for a stored link that would run script or leave through //host', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      '//evil.test',
      '/\\evil.test',
    ]) {
      expect(render(href), JSON.stringify(href)).toBe('<a>See the deal</a>');
    }
  });

  it('routes a path of this site in the app and opens an https address in a new tab', () => {
    expect(render('/ubm-offers')).toBe('<a href="/ubm-offers" data-discover="true">See the deal</a>');
    expect(render('https://parade.example/spring')).toBe(
      '<a href="https://parade.example/spring" target="_blank" rel="noopener noreferrer">See the deal</a>',
    );
  });
});
