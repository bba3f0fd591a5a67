import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AdminBlogPost, type AdminBlogPostInput, adminBlogPostInputSchema } from '@parade/core/admin-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { lazy, Suspense } from 'react';
import { ContentImageInput } from '@/components/content-image-input';
import { DateTimeField } from '@/components/date-time-field';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { fromLocalInput, toLocalInput } from '@/lib/local-date-time';
import { zodValidate } from '@/lib/zod-validate';
import { useBlogCategoryOptions } from '../api/blog-categories';
import { useSaveBlogPost } from '../api/blog-posts';

/** The editor (Tiptap and ProseMirror) downloads only when a post is being written. */
const RichTextField = lazy(() => import('./rich-text-editor'));

interface PostValues {
  title: string;
  slug: string;
  category_id: string | null;
  excerpt: string;
  cover_image: string;
  author: string;
  body: string;
  published: boolean;
  /** A local date-time; empty while published means "now". */
  published_at: string;
}

const valuesOf = (post: AdminBlogPost | null): PostValues => ({
  title: post?.title ?? '',
  slug: post?.slug ?? '',
  category_id: post ? String(post.category.id) : null,
  excerpt: post?.excerpt ?? '',
  cover_image: post?.cover_image ?? '',
  author: post?.author ?? '',
  body: post?.body ?? '',
  published: Boolean(post?.published_at),
  published_at: toLocalInput(post?.published_at),
});

/** What the API takes: the publication time as an instant (now when left empty), null for a draft. */
const toWire = (values: PostValues): AdminBlogPostInput => ({
  title: values.title,
  slug: values.slug.trim() === '' ? undefined : values.slug,
  category_id: values.category_id ? Number(values.category_id) : (undefined as unknown as number),
  excerpt: values.excerpt,
  cover_image: values.cover_image.trim() || null,
  author: values.author,
  body: values.body,
  published_at: values.published ? (fromLocalInput(values.published_at) ?? new Date().toISOString()) : null,
});

const checkWithCore = zodValidate<PostValues>(adminBlogPostInputSchema, toWire);

/**
 * A blog post's form: its words in the rich text editor (the server sanitises the HTML before
 * storing it), category, cover picture, excerpt and publication. A draft never shows on the
 * storefront; a publication time still to come schedules the post.
 */
export function BlogPostForm({
  post,
  onSaved,
}: {
  post: AdminBlogPost | null;
  onSaved: (post: AdminBlogPost) => void;
}) {
  const save = useSaveBlogPost();
  const categories = useBlogCategoryOptions();
  const form = useForm<PostValues>({
    mode: 'controlled',
    initialValues: valuesOf(post),
    validate: (values) => ({
      ...checkWithCore(values),
      ...(values.category_id ? {} : { category_id: 'Choose a category.' }),
    }),
  });
  const guard = useLeaveGuard(form.isDirty());
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    const saved = await save.mutateAsync({ id: post?.id ?? null, body: toWire(values) });
    notifySuccess(`${saved.title} is saved.`);
    form.resetDirty(valuesOf(saved));
    // onSaved may open the post's own page: what was typed is saved.
    guard.release();
    onSaved(saved);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput label="Title" required data-autofocus {...form.getInputProps('title')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Category"
            required
            data={categories.data ?? []}
            placeholder={categories.isPending ? 'Loading…' : 'Choose a category'}
            nothingFoundMessage="No category yet: add one under Blog categories"
            searchable
            {...form.getInputProps('category_id')}
          />
          <TextInput
            label="Slug"
            description="The web address (/blog/...); left empty, it is made from the title"
            {...form.getInputProps('slug')}
          />
        </SimpleGrid>
        <Suspense
          fallback={
            <Stack gap={4} role="status" aria-label="Loading the editor">
              <Text size="sm" fw={500}>
                Post
              </Text>
              <Skeleton height={280} radius="sm" />
            </Stack>
          }
        >
          <RichTextField
            label="Post"
            description="Headings, bold, italic, lists, quotes and links; scripts and styles are removed when it is saved"
            required
            {...form.getInputProps('body')}
          />
        </Suspense>
        <Textarea
          label="Excerpt"
          description="The short text on the blog's cards; left empty, it is the post's first words"
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps('excerpt')}
        />
        <ContentImageInput label="Cover picture" {...form.getInputProps('cover_image')} />
        <TextInput
          label="Author"
          description="The name shown on the post; left empty, it is yours"
          {...form.getInputProps('author')}
        />
        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs">
            <Switch
              label="Published"
              description="Off: a draft, never shown on the storefront"
              {...form.getInputProps('published', { type: 'checkbox' })}
            />
            {form.values.published && (
              <DateTimeField
                label="Publication time"
                description="Empty: now. A time still to come schedules the post."
                {...form.getInputProps('published_at')}
              />
            )}
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            Save post
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
