/** One open socket as the hub sees it. */
export interface HubConnection {
  readonly userId: string;
  familyId: string | null;
  send(data: Buffer): void;
  close(code: number, reason: string): void;
}

/**
 * The sockets of this instance by organization and by user. An event for an organization
 * reaches exactly the sockets of its current members: a member who leaves or is expelled is
 * moved out (`moveUser`) by the same outbox stream that carries the events, so in order.
 */
export class SocketHub {
  private readonly byOrganization = new Map<string, Set<HubConnection>>();
  private readonly byUser = new Map<string, Set<HubConnection>>();

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  add(connection: HubConnection): void {
    setOf(this.byUser, connection.userId).add(connection);
    if (connection.familyId) setOf(this.byOrganization, connection.familyId).add(connection);
  }

  remove(connection: HubConnection): void {
    deleteFrom(this.byUser, connection.userId, connection);
    if (connection.familyId) deleteFrom(this.byOrganization, connection.familyId, connection);
  }

  /** The user joined another organization or left theirs: their sockets follow. */
  moveUser(userId: string, familyId: string | null): void {
    for (const connection of this.byUser.get(userId) ?? []) {
      if (connection.familyId) deleteFrom(this.byOrganization, connection.familyId, connection);
      connection.familyId = familyId;
      if (familyId) setOf(this.byOrganization, familyId).add(connection);
    }
  }

  /** Serialised once, written to every socket of the organization on this instance. */
  sendToOrganization(organizationId: string, message: object): number {
    const sockets = this.byOrganization.get(organizationId);
    if (!sockets || sockets.size === 0) return 0;
    const data = Buffer.from(JSON.stringify(message));
    for (const socket of sockets) socket.send(data);
    return sockets.size;
  }

  /** Serialised once, written to every socket of the user on this instance, in any organization. */
  sendToUser(userId: string, message: object): void {
    const sockets = this.byUser.get(userId);
    if (!sockets || sockets.size === 0) return;
    const data = Buffer.from(JSON.stringify(message));
    for (const socket of sockets) socket.send(data);
  }

  broadcast(message: object): void {
    const data = Buffer.from(JSON.stringify(message));
    for (const sockets of this.byUser.values()) for (const socket of sockets) socket.send(data);
  }

  closeAll(code: number, reason: string): void {
    for (const sockets of this.byUser.values()) for (const socket of sockets) socket.close(code, reason);
  }
}

function setOf<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  return set;
}

function deleteFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
