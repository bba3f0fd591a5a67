/**
 * The part of sanitize-html's API that Parade uses. The package ships no types, and
 * @types/sanitize-html follows sanitize-html 2.18+, which needs Node 22.
 */
declare module 'sanitize-html' {
  interface Attributes {
    [name: string]: string;
  }
  interface Tag {
    tagName: string;
    attribs: Attributes;
  }
  type Transformer = (tagName: string, attribs: Attributes) => Tag;
  interface Options {
    allowedTags?: string[] | false;
    allowedAttributes?: Record<string, string[]> | false;
    allowedSchemes?: string[];
    allowedSchemesByTag?: Record<string, string[]>;
    allowedSchemesAppliedToAttributes?: string[];
    allowProtocolRelative?: boolean;
    disallowedTagsMode?: 'discard' | 'escape' | 'recursiveEscape' | 'completelyDiscard';
    enforceHtmlBoundary?: boolean;
    nestingLimit?: number;
    parseStyleAttributes?: boolean;
    transformTags?: Record<string, string | Transformer>;
  }
  function sanitizeHtml(dirty: string, options?: Options): string;
  export default sanitizeHtml;
}
