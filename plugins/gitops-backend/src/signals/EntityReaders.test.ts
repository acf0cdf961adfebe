import { EntityReaders } from './EntityReaders';

describe('EntityReaders', () => {
  it('tells the readers of entities, each once, and forgets refused ones', () => {
    const readers = new EntityReaders();
    readers.add('component:default/a', 'user:default/alice');
    readers.add('component:default/a', 'user:default/bob');
    readers.add('component:default/b', 'user:default/alice');
    expect(readers.of(['component:default/a', 'component:default/b'])).toEqual([
      'user:default/alice',
      'user:default/bob',
    ]);
    readers.remove('component:default/a', 'user:default/bob');
    expect(readers.of(['component:default/a'])).toEqual(['user:default/alice']);
    expect(readers.of(['component:default/none'])).toEqual([]);
  });

  it('never names the ref an anonymous websocket carries', () => {
    const readers = new EntityReaders();
    readers.add('component:default/a', 'user:default/guest');
    expect(readers.of(['component:default/a'])).toEqual([]);
  });

  it('is bounded: the reader and the entity seen longest ago go first', () => {
    const readers = new EntityReaders({
      maxEntities: 2,
      maxReadersPerEntity: 2,
    });
    readers.add('component:default/a', 'user:default/u1');
    readers.add('component:default/a', 'user:default/u2');
    readers.add('component:default/a', 'user:default/u1');
    readers.add('component:default/a', 'user:default/u3');
    expect(readers.of(['component:default/a'])).toEqual([
      'user:default/u1',
      'user:default/u3',
    ]);
    readers.add('component:default/b', 'user:default/u1');
    readers.add('component:default/c', 'user:default/u1');
    expect(readers.of(['component:default/a'])).toEqual([]);
    expect(readers.of(['component:default/c'])).toEqual(['user:default/u1']);
  });
});
