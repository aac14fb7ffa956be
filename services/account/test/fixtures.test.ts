// The consumer's decoder against proto/'s fixtures: a producer change that breaks it fails here.
import { decodeEnvelope, encodeEnvelope, loadFixtures, passChangeOf } from '@syn/proto';

describe('billing fixtures', () => {
  const fixtures = loadFixtures();

  test('when the PassChanged fixture arrives on the wire, then it becomes the projection row', () => {
    const fixture = fixtures.find((f) => f.type === 'billing.PassChanged.v1');
    expect(fixture).toBeDefined();
    const wire = decodeEnvelope(encodeEnvelope(fixture!));
    expect(passChangeOf(wire)).toEqual({
      passId: 57,
      userId: 1042,
      itemId: 6,
      status: 'START',
      startDate: new Date('2025-03-01T15:00:00Z'),
      endDate: new Date('2025-04-01T15:00:00Z'),
    });
  });

  test('when any other billing fixture arrives, then it is not projected', () => {
    const others = fixtures.filter((f) => f.type.startsWith('billing.') && f.type !== 'billing.PassChanged.v1');
    expect(others.length).toBeGreaterThan(0);
    for (const f of others) expect(passChangeOf(decodeEnvelope(encodeEnvelope(f)))).toBeNull();
  });
});
