import { Alert, Button, Card, Code, Heading, HStack, SimpleGrid } from "@chakra-ui/react";
import { copyAndTell } from "@common/clipboard";
import { L } from "../../labels";

const S = L.security;

/** The recovery codes, this once (the server keeps only their hashes). */
export function SecurityRecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Card.Root bg="card.bg" data-testid="security-recovery">
      <Card.Header>
        <Heading size="md">{S.recoveryTitle}</Heading>
      </Card.Header>
      <Card.Body gap="4">
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{S.recoveryNotice}</Alert.Title>
        </Alert.Root>
        <SimpleGrid as="ol" columns={{ base: 1, sm: 2 }} gap="2" maxW="md" listStyleType="none" data-testid="security-recovery-codes">
          {codes.map((c) => (
            <li key={c}>
              <Code p="2" fontSize="md" letterSpacing="wider">
                {c}
              </Code>
            </li>
          ))}
        </SimpleGrid>
      </Card.Body>
      <Card.Footer>
        <HStack>
          <Button variant="outline" onClick={() => void copyAndTell(codes.join("\n"))}>
            {S.copyAll}
          </Button>
          <Button colorPalette="brand" onClick={onDone} data-testid="security-recovery-done">
            {S.kept}
          </Button>
        </HStack>
      </Card.Footer>
    </Card.Root>
  );
}
