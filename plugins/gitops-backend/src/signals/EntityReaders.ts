/**
 * The ref the signals backend gives a websocket that presented no token
 * (`SignalManager.addConnection`): a user of that name would share their
 * notices with every anonymous connection, so it is never a recipient.
 */
const UNAUTHENTICATED_SOCKET = 'user:default/guest';

/**
 * Who may be told that an entity's applications changed: the signed-in
 * users who read the entity through the permission-checked API
 * (`gitops.application.read` allowed), as the service layer reports them;
 * a user refused a read is dropped again. The signals of an entity go to
 * these users only (Backstage's signals backend delivers a `user` signal
 * to the connections whose ownership refs include a recipient), so an
 * anonymous or unauthorized websocket subscribed to the channel gets
 * nothing. Bounded: per entity the user seen longest ago goes first, and
 * the entity read longest ago goes first.
 */
export class EntityReaders {
  private readonly readers = new Map<string, Set<string>>();

  constructor(
    private readonly options: {
      maxEntities?: number;
      maxReadersPerEntity?: number;
    } = {},
  ) {}

  /** Records that `userEntityRef` read `entityRef` (or read it again). */
  add(entityRef: string, userEntityRef: string): void {
    if (userEntityRef === UNAUTHENTICATED_SOCKET) return;
    const users = this.readers.get(entityRef) ?? new Set<string>();
    this.readers.delete(entityRef);
    this.readers.set(entityRef, users);
    users.delete(userEntityRef);
    users.add(userEntityRef);
    const maxUsers = this.options.maxReadersPerEntity ?? 1_000;
    for (const oldest of users) {
      if (users.size <= maxUsers) break;
      users.delete(oldest);
    }
    const maxEntities = this.options.maxEntities ?? 10_000;
    for (const oldest of this.readers.keys()) {
      if (this.readers.size <= maxEntities) break;
      this.readers.delete(oldest);
    }
  }

  /** Forgets `userEntityRef` as a reader of `entityRef` (a read was refused). */
  remove(entityRef: string, userEntityRef: string): void {
    const users = this.readers.get(entityRef);
    if (!users) return;
    users.delete(userEntityRef);
    if (!users.size) this.readers.delete(entityRef);
  }

  /** The users who may be told about the entities (each once). */
  of(entityRefs: Iterable<string>): string[] {
    const users = new Set<string>();
    for (const entityRef of entityRefs) {
      for (const user of this.readers.get(entityRef) ?? []) users.add(user);
    }
    return [...users];
  }
}
