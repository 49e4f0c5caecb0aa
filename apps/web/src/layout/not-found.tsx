import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1} ta="center">
          404 Page Not Found
        </Title>
        <Text c="dimmed" ta="center">
          Did you forget to add the page to the router?
        </Text>
        <Button component={Link} to="/" variant="light">
          Go to the home page
        </Button>
      </Stack>
    </Center>
  );
}
