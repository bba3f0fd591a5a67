// Mantine's styles load per component; these only with the screens that use them.
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Rating.layer.css';
import { Alert, Button, FileInput, Group, Image, Input, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ApiError } from '@parade/ui/api-errors';
import { IconPhoto, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '@/components/ui/notify';
import { Stars } from '@/components/ui/star-rating';
import { useFormatDate } from '@/lib/format';
import { type OwnReview, useOrderReviews, useReviewWrites } from '../api/reviews';

const BODY_MAX = 2000;
const PHOTOS_MAX = 3;

/** The API's message for a field, or the whole failure's. */
function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.errors?.[field]?.[0];
}

/** Writing or editing a review: stars, text, photos (three in all), with the API's refusals by field. */
function ReviewForm({
  itemName,
  existing,
  onDone,
  orderItemId,
}: {
  itemName: string;
  existing?: OwnReview;
  orderItemId: number;
  onDone: () => void;
}) {
  const { create, edit } = useReviewWrites();
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [body, setBody] = useState(existing?.body ?? '');
  const [keep, setKeep] = useState<string[]>(existing?.photos.map((photo) => photo.url) ?? []);
  const [photos, setPhotos] = useState<File[]>([]);
  const [starsMissing, setStarsMissing] = useState(false);
  const mutation = existing ? edit : create;
  const error = mutation.error;
  const room = PHOTOS_MAX - keep.length;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setStarsMissing(true);
      return;
    }
    const input = { rating, body: body.trim(), photos: photos.slice(0, room) };
    const done = {
      onSuccess: () => {
        notify({
          kind: 'success',
          message: existing ? 'Your review is updated.' : 'Thank you: your review is published.',
        });
        onDone();
      },
    };
    if (existing) edit.mutate({ ...input, id: existing.id, keepPhotos: keep }, done);
    else create.mutate({ ...input, orderItemId }, done);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Input.Wrapper
          label={`Your stars for ${itemName}`}
          required
          error={starsMissing && rating < 1 ? 'Choose from 1 to 5 stars.' : fieldError(error, 'rating')}
        >
          <Rating
            value={rating}
            onChange={(value) => {
              setRating(value);
              setStarsMissing(false);
            }}
            size="xl"
            mt={4}
            getSymbolLabel={(value) => `${value} ${value === 1 ? 'star' : 'stars'}`}
            data-testid="review-stars"
          />
        </Input.Wrapper>
        <Textarea
          label="Your review"
          description={`Optional; at most ${BODY_MAX.toLocaleString('en-GB')} characters.`}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          maxLength={BODY_MAX}
          autosize
          minRows={4}
          error={fieldError(error, 'body')}
        />
        {keep.length > 0 && (
          <Group gap="xs">
            {keep.map((url, i) => (
              <Stack key={url} gap={4} align="center">
                <Image
                  src={url}
                  alt={`Your review, ${i + 1} of ${keep.length}`}
                  w={72}
                  h={72}
                  radius="sm"
                  fit="cover"
                />
                <Button size="compact-xs" variant="subtle" onClick={() => setKeep(keep.filter((kept) => kept !== url))}>
                  Remove
                </Button>
              </Stack>
            ))}
          </Group>
        )}
        {room > 0 && (
          <FileInput
            label="Photos"
            description={`Up to ${room} ${room === 1 ? 'picture' : 'pictures'}: PNG, JPEG, WebP or GIF.`}
            multiple
            accept="image/png,image/jpeg,image/webp,image/gif"
            value={photos}
            onChange={(files) => setPhotos(files.slice(0, room))}
            leftSection={<IconPhoto size={16} aria-hidden />}
            clearable
            error={fieldError(error, 'photos')}
          />
        )}
        {error && !fieldError(error, 'rating') && !fieldError(error, 'body') && !fieldError(error, 'photos') && (
          <Alert color="error" role="alert">
            {error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {existing ? 'Save review' : 'Publish review'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Under each line of a delivered order: "Write a review", or the review written (its stars,
 * whether the shop replied) with Edit and Delete while its 30 days last.
 */
export function ReviewLine({
  orderId,
  delivered,
  item,
}: {
  orderId: number;
  delivered: boolean;
  item: { id: number; full_name: string };
}) {
  const reviews = useOrderReviews(orderId, delivered);
  const [opened, modal] = useDisclosure(false);
  const { remove } = useReviewWrites();
  const formatDate = useFormatDate();
  if (!delivered || !reviews.isSuccess) return null;
  const review = reviews.data.data.find((r) => r.order_item_id === item.id);
  const editable = review ? new Date(review.editable_until).getTime() > Date.now() : false;

  return (
    <>
      {review ? (
        <Group gap="xs" data-testid="own-review">
          <Stars value={review.rating} size={14} label={`Your review: ${review.rating} out of 5 stars`} />
          {review.hidden_reason ? (
            <Text size="xs" c="error.8">
              Hidden by Parade: {review.hidden_reason}
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              {review.reply ? 'The shop replied' : `Reviewed ${formatDate(review.created_at)}`}
            </Text>
          )}
          {editable && (
            <>
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={modal.open}
                aria-label={`Edit your review of ${item.full_name}`}
              >
                Edit
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="error"
                loading={remove.isPending}
                aria-label={`Delete your review of ${item.full_name}`}
                onClick={() => {
                  if (window.confirm('Delete your review? You can write a new one afterwards.')) {
                    remove.mutate(review.id, {
                      onSuccess: () => notify({ kind: 'success', message: 'Your review is deleted.' }),
                      onError: (error) => notify({ kind: 'error', message: error.message }),
                    });
                  }
                }}
              >
                Delete
              </Button>
            </>
          )}
        </Group>
      ) : (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconStar size={14} aria-hidden />}
          onClick={modal.open}
          aria-label={`Write a review of ${item.full_name}`}
        >
          Write a review
        </Button>
      )}
      <Modal opened={opened} onClose={modal.close} title={review ? 'Edit your review' : 'Write a review'} size="lg">
        {opened && (
          <ReviewForm itemName={item.full_name} existing={review} orderItemId={item.id} onDone={modal.close} />
        )}
      </Modal>
    </>
  );
}
