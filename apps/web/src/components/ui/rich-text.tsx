import { Typography } from '@mantine/core';
import classes from './rich-text.module.css';

/** Rich text from the API (pages, blog posts). The server sanitises that HTML before storing it. */
export function RichText({ html }: { html: string }) {
  return (
    <Typography className={classes.richText}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML is sanitised by the API (sanitize-html) before it is stored */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
