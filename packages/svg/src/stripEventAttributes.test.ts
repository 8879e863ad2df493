import { stripEventAttributes } from './stripEventAttributes';

/** The attributes each element of the parsed markup has. */
const attributes = (markup: string) =>
  [...new DOMParser().parseFromString(markup, 'text/html').body.querySelectorAll('*')].map((element) =>
    [...element.attributes].map((attribute) => attribute.name).join(' '),
  );

describe('stripEventAttributes', () => {
  it('defuses on… attributes in every spelling the HTML tokenizer reads', () => {
    expect(stripEventAttributes('<svg onload="alert(1)" viewBox="0 0 1 1"><rect/></svg>')).toBe(
      '<svg xonload="alert(1)" viewBox="0 0 1 1"><rect/></svg>',
    );
    const spellings = `<svg ONLOAD='a()' onerror=b() onclick = "c()"\nonfocus\t=d width=1><image/onerror=e() href="x"onload="f()"/></svg>`;
    expect(attributes(stripEventAttributes(spellings))).toEqual([
      'xonload xonerror xonclick xonfocus width',
      'xonerror href xonload',
    ]);
    // An empty handler still reports: valueless ones that end the tag are defused too.
    expect(stripEventAttributes('<svg onload><rect onclick/><g onfocus /></svg>')).toBe(
      '<svg xonload><rect xonclick/><g xonfocus /></svg>',
    );
  });

  it('defuses a handler the HTML parser finds where a tokenizer would see text or a value', () => {
    // Mutation XSS: `</p>` leaves foreign content, `<style>` becomes raw text, the `<img>` is real.
    const markup = '<svg><p><style><g title="</style><img src=x onerror=alert(1)>">';
    expect(attributes(markup)).toContain('src onerror');
    expect(attributes(stripEventAttributes(markup))).toContain('src xonerror');
  });

  it('leaves everything else alone', () => {
    const markup =
      '<?xml version="1.0"?><!DOCTYPE svg><svg offset="1" opacity=".5" data-on="1"><!-- a onclick --><text>online, on = off, on/off, 1<2 is on</text><style>a[onclick] {}</style></svg >';
    expect(stripEventAttributes(markup)).toBe(markup);
  });
});
