import '@mantine/core/styles.css';
import { Container, MantineProvider, Stack, Text, Title } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

/** The merchant/admin site arrives with its own issue; until then it says so plainly. */
createRoot(root).render(
  <StrictMode>
    <MantineProvider forceColorScheme="light" theme={{ primaryColor: 'orange' }}>
      <Container size="sm" py={64}>
        <main>
          <Stack gap="sm">
            <Title order={1}>Parade Merchant</Title>
            <Text>
              The merchant and admin site is being built. Shop owners will manage offers, claims and QR codes here.
            </Text>
          </Stack>
        </main>
      </Container>
    </MantineProvider>
  </StrictMode>,
);
