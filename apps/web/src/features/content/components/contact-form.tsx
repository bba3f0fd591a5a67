import { Alert, Box, Button, Grid, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormAlert } from '@parade/ui/form-alert';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useApiForm } from '@/components/form/use-api-form';
import { useSessionDraft } from '@/components/form/use-session-draft';
import { notify } from '@/components/ui/notify';
import { RichText } from '@/components/ui/rich-text';
import { type ContactEmailInput, contactEmailInputSchema, useSendContactEmail } from '../api/send-contact-email';

const emptyForm: ContactEmailInput = { name: '', email: '', phone: '', subject: '', message: '' };

/**
 * Checks one field with the shared schema, so the form and the request agree. The schema loads
 * when the form mounts (decision 039); useApiForm waits for it before a submit.
 */
function fieldRule(field: keyof ContactEmailInput) {
  return (value: string | undefined) => {
    const result = contactEmailInputSchema.loaded()?.shape[field].safeParse(value);
    return !result || result.success ? null : (result.error.issues[0]?.message ?? 'Please check this field');
  };
}

/** The contact form: name, e-mail, optional phone, subject and message; success and error states. */
export function ContactForm({ title = 'Send us a message', intro }: { title?: string; intro?: string }) {
  const send = useSendContactEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ContactEmailInput>({
    mode: 'controlled',
    initialValues: emptyForm,
    validateInputOnBlur: true,
    validate: {
      name: fieldRule('name'),
      email: fieldRule('email'),
      phone: fieldRule('phone'),
      subject: fieldRule('subject'),
      message: fieldRule('message'),
    },
  });

  const draft = useSessionDraft(form, 'contact', ['name', 'email', 'phone', 'subject', 'message']);

  const { onSubmit, formError } = useApiForm(
    form,
    async (values) => {
      setSentTo(null);
      await send.mutateAsync((await contactEmailInputSchema.load()).parse(values));
      setSentTo(values.email.trim());
      form.reset();
      draft.clear();
      notify({
        kind: 'success',
        title: 'Message sent',
        message: 'Thank you, we will reply within two working days.',
      });
    },
    { schema: contactEmailInputSchema, onFailure: (message) => notify({ kind: 'error', title: 'Not sent', message }) },
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" mt="xl">
      <Title order={2} size="h3" mb="md" id="contact-form-title">
        {title}
      </Title>
      {intro && (
        <Box mb="md">
          <RichText html={intro} />
        </Box>
      )}
      {sentTo && (
        <Alert
          color="accent"
          icon={<IconCircleCheck aria-hidden />}
          title="Thank you, your message has been sent"
          mb="md"
          role="status"
          data-testid="contact-success"
        >
          We will reply to {sentTo} within two working days.
        </Alert>
      )}
      <FormAlert message={formError} title="Your message was not sent" mb="md" />
      <form onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
        <Stack gap="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Your name" autoComplete="name" withAsterisk size="md" {...form.getInputProps('name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="E-mail address"
                type="email"
                autoComplete="email"
                withAsterisk
                size="md"
                {...form.getInputProps('email')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Phone (optional)"
                type="tel"
                autoComplete="tel"
                size="md"
                {...form.getInputProps('phone')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Subject" withAsterisk size="md" {...form.getInputProps('subject')} />
            </Grid.Col>
          </Grid>
          <Textarea label="Message" withAsterisk autosize minRows={5} size="md" {...form.getInputProps('message')} />
          <Text size="sm" c="dimmed">
            Fields marked * are required.
          </Text>
          <Button type="submit" size="md" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
            Send message
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
