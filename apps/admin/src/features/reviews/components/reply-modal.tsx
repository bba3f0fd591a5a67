import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ManagedReview, REVIEW_REPLY_MAX, reviewReplyInputSchema } from '@parade/core/review-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { FormModal } from '@/components/form-modal';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { zodValidate } from '@/lib/zod-validate';
import { useReplyToReview } from '../api/moderate-review';
import { ReviewStars } from './review-stars';

/**
 * The shop's one reply to a review: shown under it on the product page and mailed to its author.
 * A shop replies once, so the modal says so before it is sent.
 */
export function ReplyModal({ review, onClose }: { review: ManagedReview | null; onClose: () => void }) {
  const reply = useReplyToReview();
  const form = useForm({
    mode: 'controlled',
    initialValues: { body: '' },
    validate: zodValidate(reviewReplyInputSchema),
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    if (!review) return;
    await reply.mutateAsync({ id: review.id, body: { body: values.body } });
    notifySuccess(`Your reply to ${review.author}'s review is published.`);
    form.reset();
    onClose();
  });
  const close = () => {
    form.reset();
    onClose();
  };

  return (
    <FormModal isDirty={() => form.isDirty()} opened={review !== null} onClose={close} title="Reply to this review">
      {review && (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Stack gap={4}>
              <Group gap="xs">
                <ReviewStars rating={review.rating} />
                <Text size="sm" fw={600}>
                  {review.author} on {review.product.name}
                </Text>
              </Group>
              {review.body && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {review.body}
                </Text>
              )}
            </Stack>
            <FormAlert message={formError} />
            <Textarea
              label="Your reply"
              description={`Shown under the review on the product page and mailed to ${review.author}. You can reply once, and not change it afterwards. At most ${REVIEW_REPLY_MAX.toLocaleString('en-GB')} characters.`}
              required
              autosize
              minRows={4}
              maxLength={REVIEW_REPLY_MAX}
              data-autofocus
              {...form.getInputProps('body')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={submitting}>
                Publish reply
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </FormModal>
  );
}
