import { Alert, Autocomplete, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@parade/core/catalog';
import { messages } from '@parade/core/messages';
import { isValidLookingPostcode, normalisePostcode, postcodeError } from '@parade/core/postcode';
import type { CollectionPoint } from '@parade/core/settings';
import { ApiError } from '@parade/ui/api-errors';
import { useEffect, useRef, useState } from 'react';
import { addressAutocomplete, type PostcodePrediction } from '../api/address-autocomplete';
import { getDistance } from '../api/get-distance';
import { type OrderType, useLocationStore } from '../stores/location-store';

interface LocationModalProps {
  opened: boolean;
  collectionPoints: CollectionPoint[];
  /** Closed without Continue. */
  onClose(): void;
  /** A location was chosen and stored. */
  onContinue(): void;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** 'Choose Order Type': collection point or delivery postcode (spec sections 2, 4, 5 and 8). */
export function LocationModal({ opened, collectionPoints, onClose, onContinue }: LocationModalProps) {
  const stored = useLocationStore();
  const [orderType, setOrderType] = useState<OrderType>(stored.orderType);
  const [point, setPoint] = useState<string | null>(
    stored.selectedLocation?.type === 'collection' ? stored.selectedLocation.location.value : null,
  );
  const [postcode, setPostcode] = useState(
    stored.selectedLocation?.type === 'delivery' ? stored.selectedLocation.location.postcode : '',
  );
  const [debouncedPostcode] = useDebouncedValue(postcode, SEARCH_DEBOUNCE_MS);
  const [predictions, setPredictions] = useState<PostcodePrediction[]>([]);
  const [searching, setSearching] = useState(false);
  const [checking, setChecking] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const searchController = useRef<AbortController | null>(null);

  useEffect(() => {
    if (opened) {
      setOrderType(stored.orderType);
      setErrors([]);
    }
  }, [opened, stored.orderType]);

  // Suggestions from 3 characters, debounced; a newer search cancels the one in flight.
  useEffect(() => {
    searchController.current?.abort();
    const text = debouncedPostcode.trim();
    if (orderType !== 'delivery' || text.length < SEARCH_MIN_LENGTH) {
      setPredictions([]);
      return;
    }
    const controller = new AbortController();
    searchController.current = controller;
    setSearching(true);
    addressAutocomplete(text, controller.signal)
      .then((found) => setPredictions(found.filter((p) => isValidLookingPostcode(p.structured_formatting.main_text))))
      .catch((error) => {
        if (!isAbort(error)) setErrors([messages.somethingWentWrong]);
      })
      .finally(() => {
        if (searchController.current === controller) setSearching(false);
      });
    return () => controller.abort();
  }, [debouncedPostcode, orderType]);

  async function handleContinue() {
    setErrors([]);
    if (orderType === 'collection') {
      const chosen = collectionPoints.find((p) => p.value === point);
      if (!chosen) return setErrors([messages.selectCollectionPoint]);
      stored.chooseCollection(chosen);
      return onContinue();
    }
    const typed = postcode.trim();
    if (typed === '') return setErrors([messages.selectDeliveryLocation]);
    const invalid = postcodeError(typed);
    if (invalid) return setErrors([invalid]);
    setChecking(true);
    try {
      const check = await getDistance(normalisePostcode(typed));
      if (!check.allowed) return setErrors([messages.deliveryUnavailable(check.postcode)]);
      const prediction = predictions.find((p) => p.place_id === check.postcode);
      stored.chooseDelivery(check.postcode, prediction?.description ?? check.postcode);
      onContinue();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(error.errors.postcode ?? [messages.invalidPostcode(typed)]);
      } else if (!isAbort(error)) {
        setErrors([messages.somethingWentWrong]);
      }
    } finally {
      setChecking(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={messages.chooseOrderType} size={520} centered>
      <Stack gap="md">
        <Group grow gap="xs" role="group" aria-label="Order type">
          {(['collection', 'delivery'] as const).map((type) => (
            <Button
              key={type}
              variant={orderType === type ? 'filled' : 'default'}
              aria-pressed={orderType === type}
              // On a 390 px phone each button has about 150 px: narrower padding, and the label
              // wraps rather than being cut ("Collection Orde") on a narrower one or a larger font.
              px="xs"
              h="auto"
              mih={36}
              py={6}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25 } }}
              onClick={() => {
                setOrderType(type);
                setErrors([]);
              }}
            >
              {type === 'collection' ? messages.collectionOrder : messages.deliveryOrder}
            </Button>
          ))}
        </Group>

        {orderType === 'collection' ? (
          collectionPoints.length === 0 ? (
            <Text c="dimmed">No collection points are set up yet. Please choose delivery.</Text>
          ) : (
            <Radio.Group
              value={point}
              onChange={(value) => {
                setPoint(value);
                // "Please select a collection point" is answered: it must not stay on screen.
                setErrors([]);
              }}
              label="Collection point"
              name="collection-point"
            >
              <Stack gap="sm" mt="xs">
                {collectionPoints.map((p) => (
                  <Radio
                    key={p.value}
                    value={p.value}
                    label={p.value}
                    description={p.note}
                    styles={{ radio: { cursor: 'pointer' } }}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )
        ) : (
          <Autocomplete
            label="Delivery postcode"
            placeholder={messages.postcodeSearchPlaceholder}
            description={messages.postcodeSearchHint}
            value={postcode}
            onChange={(value) => {
              setPostcode(value);
              setErrors([]);
            }}
            data={predictions.map((p) => p.place_id)}
            filter={({ options }) => options}
            renderOption={({ option }) => {
              const prediction = predictions.find((p) => p.place_id === option.value);
              return (
                <div>
                  <Text size="sm" fw={600}>
                    {option.value}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {prediction?.structured_formatting.secondary_text}
                  </Text>
                </div>
              );
            }}
            rightSection={searching ? <Loader size="xs" aria-label="Searching postcodes" /> : null}
            autoComplete="postal-code"
            maxLength={10}
          />
        )}

        {errors.length > 0 && (
          <Alert color="error" role="alert" variant="light" data-testid="location-error">
            {errors.map((line) => (
              <Text key={line} fw={700} size="sm">
                {line}
              </Text>
            ))}
          </Alert>
        )}

        <Button onClick={handleContinue} loading={checking} fullWidth>
          Continue
        </Button>
        {stored.selectedLocation && (
          <Button
            variant="subtle"
            color="secondary"
            onClick={() => {
              stored.clearLocation();
              setPoint(null);
              setPostcode('');
            }}
          >
            Remove selected location
          </Button>
        )}
      </Stack>
    </Modal>
  );
}
