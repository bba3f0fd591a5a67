import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ManagedReview, REVIEW_HIDE_REASON_MAX, reviewHideInputSchema } from '@parade/core/review-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { FormModal } from '@/components/form-modal';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { zodValidate } from '@/lib/zod-validate';
import { useHideReview } from '../api/moderate-review';
import { ReviewStars } from './review-stars';

/**
 * Hiding a review is the platform's confirmation step too: it says what follows (off the product
 * page and the ratings, the author mailed the reason) and asks for the reason before anything is
 * done. Show again undoes it.
 */
export function HideReviewModal({ review, onClose }: { review: ManagedReview | null; onClose: () => void }) {
  const hide = useHideReview();
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: zodValidate(reviewHideInputSchema),
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    if (!review) return;
    await hide.mutateAsync({ id: review.id, body: { reason: values.reason } });
    notifySuccess(`${review.author}'s review of ${review.product.name} is hidden; they have been told why.`);
    form.reset();
    onClose();
  });
  const close = () => {
    form.reset();
    onClose();
  };

  return (
    <FormModal isDirty={() => form.isDirty()} opened={review !== null} onClose={close} title="Hide this review?">
      {review && (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Stack gap={4}>
              <Group gap="xs">
                <ReviewStars rating={review.rating} />
                <Text size="sm" fw={600}>
                  {review.author} on {review.product.name} ({review.shop.name})
                </Text>
              </Group>
              {review.body && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {review.body}
                </Text>
              )}
            </Stack>
            <Text size="sm">
              It leaves the product page and no longer counts for the product's and the shop's ratings. Its author still
              sees it, with your reason, and is mailed the reason now. You can show it again later.
            </Text>
            <FormAlert message={formError} />
            <Textarea
              label="Reason"
              description={`Mailed to ${review.author}: say which rule the review breaks. 3 to ${REVIEW_HIDE_REASON_MAX} characters.`}
              required
              autosize
              minRows={3}
              maxLength={REVIEW_HIDE_REASON_MAX}
              data-autofocus
              {...form.getInputProps('reason')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="error" loading={submitting}>
                Hide review
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </FormModal>
  );
}
