import { Anchor, Box, Container, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { PageContent, PageSetting } from '@parade/core/catalog-dto';
import type { ReactNode } from 'react';
import { LazyImage } from '@/components/ui/lazy-image';
import { PageMeta } from '@/components/ui/page-meta';
import { RichText } from '@/components/ui/rich-text';
import { ErrorState, NothingHere, TextSkeleton } from '@/components/ui/states';
import { decodeEntities } from '@/lib/html-entities';
import { usePage } from '../api/get-pages';
import classes from './page-sections.module.css';

interface Section {
  name: string;
  values: Map<string, PageSetting>;
}

const looksLikeHtml = (value: string) => /<[a-z][\s\S]*>/i.test(value);

/**
 * A text value as it reads. The server stores every text value sanitised as HTML, so
 * "Fish & Chips" arrives as "Fish &amp; Chips"; shown as plain text it must be decoded. Decoded
 * here rather than by the browser's DOMParser: the page is also drawn on the server, which has none.
 */
function plainText(value: string): string {
  return value.includes('&') ? decodeEntities(value) : value;
}

/** Page settings grouped by section, in the order the sections first appear. */
export function groupSections(settings: PageSetting[]): Section[] {
  const sections = new Map<string, Section>();
  for (const setting of settings) {
    const section = sections.get(setting.section) ?? { name: setting.section, values: new Map() };
    section.values.set(setting.key, setting);
    sections.set(setting.section, section);
  }
  return [...sections.values()];
}

const humanise = (key: string) => key.replace(/[_-]+/g, ' ').replace(/^./, (c) => c.toUpperCase());

function SettingValue({ setting }: { setting: PageSetting }) {
  if (setting.key === 'phone')
    return <Anchor href={`tel:${plainText(setting.value).replace(/\s+/g, '')}`}>{plainText(setting.value)}</Anchor>;
  if (setting.key === 'email')
    return <Anchor href={`mailto:${plainText(setting.value)}`}>{plainText(setting.value)}</Anchor>;
  if (setting.value_type === 'image')
    return <LazyImage src={setting.value} alt="" width={1600} height={500} radius="md" />;
  if (looksLikeHtml(setting.value)) return <RichText html={setting.value} />;
  // Decoded only here, where React shows it as text: never passed on as HTML.
  return <Text>{plainText(setting.value)}</Text>;
}

/**
 * The banner section as the page header. The banner picture already shows the title and
 * subtitle as artwork, so on wide screens the real heading is kept for screen readers only.
 */
export function PageBanner({ page }: { page: PageContent }) {
  const banner = groupSections(page.settings).find((section) => section.name === 'banner');
  const title = plainText(banner?.values.get('title')?.value || page.title);
  const subtitle = plainText(banner?.values.get('subtitle')?.value ?? '');
  const image = banner?.values.get('image')?.value;
  const heading = (
    <>
      <Title order={1}>{title}</Title>
      {subtitle && (
        <Text size="lg" c="dimmed" mt={4}>
          {subtitle}
        </Text>
      )}
    </>
  );
  if (image)
    return (
      <>
        {/* Wide screens: the artwork, with the heading for screen readers. */}
        <Container size="lg" pt="lg" visibleFrom="sm">
          <LazyImage src={image} alt="" width={1600} height={500} eager radius="lg" />
          <VisuallyHidden>{heading}</VisuallyHidden>
        </Container>
        {/* Phones: the artwork's words would be too small to read, so the heading shows as text. */}
        <Box className={classes.banner} hiddenFrom="sm">
          <Container size="md" className={classes.bannerText}>
            {heading}
          </Container>
        </Box>
      </>
    );
  return (
    <Box className={classes.banner}>
      <Container size="md" className={classes.bannerText}>
        {heading}
      </Container>
    </Box>
  );
}

/** Every section but the banner (and any the caller draws itself), as headed blocks. */
export function PageBody({ page, skip = [] }: { page: PageContent; skip?: string[] }) {
  const sections = groupSections(page.settings).filter(
    (section) => section.name !== 'banner' && !skip.includes(section.name),
  );
  return (
    <Stack gap="xl">
      {sections.map((section) => {
        const title = section.values.get('title')?.value;
        const rest = [...section.values.values()].filter((setting) => setting.key !== 'title');
        return (
          <Box component="section" key={section.name} aria-label={title ? undefined : humanise(section.name)}>
            {title && (
              <Title order={2} size="h3" mb="sm">
                {plainText(title)}
              </Title>
            )}
            <Stack gap="sm">
              {rest.map((setting) =>
                setting.key === 'content' || setting.value_type === 'image' ? (
                  <SettingValue key={setting.key} setting={setting} />
                ) : setting.key === 'last_updated' ? (
                  <Text key={setting.key} size="sm" c="dimmed">
                    {plainText(setting.value)}
                  </Text>
                ) : (
                  <Box key={setting.key}>
                    <Text fw={700} size="sm">
                      {humanise(setting.key)}
                    </Text>
                    <SettingValue setting={setting} />
                  </Box>
                ),
              )}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}

/** A static page from GET /pages by slug, with loading, error and missing states. */
export function StaticPage({
  slug,
  fallbackTitle,
  skip,
  children,
}: {
  slug: string;
  fallbackTitle: string;
  skip?: string[];
  children?: ReactNode;
}) {
  const page = usePage(slug);
  const subtitle = page.data
    ? groupSections(page.data.settings)
        .find((s) => s.name === 'banner')
        ?.values.get('subtitle')
    : undefined;
  return (
    <>
      <PageMeta title={page.data?.title ?? fallbackTitle} description={subtitle?.value} />
      {page.isPending ? (
        <Container size="md" py="xl">
          <Skeleton height={36} width="50%" mb="lg" />
          <TextSkeleton lines={8} />
        </Container>
      ) : page.isError ? (
        <Container size="md" py="xl">
          <Title order={1}>{fallbackTitle}</Title>
          <ErrorState message={page.error.message} onRetry={() => page.refetch()} />
        </Container>
      ) : !page.data ? (
        <Container size="md" py="xl">
          <Title order={1}>{fallbackTitle}</Title>
          {!children && <NothingHere title="This page is not written yet" description="Please check back soon." />}
        </Container>
      ) : (
        <>
          <PageBanner page={page.data} />
          <Container size="md" py="xl">
            <PageBody page={page.data} skip={skip} />
          </Container>
        </>
      )}
      {children && (
        <Container size="md" pb="xl">
          {children}
        </Container>
      )}
    </>
  );
}
