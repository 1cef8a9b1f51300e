// Who is connected and what they may hear. Brokers' sockets are registered with their member's
// scope (workspace, role, the workspace's visibility) and keyed by member and by workspace;
// customers' by customer. A customer's event reaches every socket of its workspace whose member
// may see that customer (maySeeCustomer, src/shared/workspaces.ts: the rule the customer reads
// use), and a customer's portal; nothing reaches another workspace. Notification content is never
// sent: a socket is told to refetch, and the refetch is authorised like any other request.
import type { LiveMessage } from "./model.ts";
import type { AboutCustomer, DomainEvent, EventBus } from "../../lib/events.ts";
import { maySeeCustomer, type Scope } from "../../shared/workspaces.ts";

export interface LiveSocket {
  send(data: string): unknown;
  close(code?: number, reason?: string): void;
}

export interface BrokerConnection {
  socket: LiveSocket;
  sessionId: string;
  /** What the member may see: resolved when the socket opened, kept current by setScope. */
  scope: Scope;
}

export interface CustomerConnection {
  socket: LiveSocket;
  /** The account session that opened it (signed in, not just holding the link): may be told about notifications. */
  session: { accountId: string; sessionId: string } | null;
}

export const SIGNED_OUT_CLOSE_CODE = 4001;
/** The socket's access changed (its account no longer reaches a relationship): reconnect and authenticate again. */
export const ACCESS_CHANGED_CLOSE_CODE = 4003;

export class LiveHub {
  /** Brokers' sockets by member (their notifications, their sessions) and by workspace (customers' events). */
  private brokers = new Map<string, Set<BrokerConnection>>();
  private workspaces = new Map<string, Set<BrokerConnection>>();
  private customers = new Map<string, Set<CustomerConnection>>();
  /** How to undo each socket's registrations: at most one as a broker and one as a customer. */
  private sockets = new Map<LiveSocket, { broker?: () => void; customer?: () => void }>();
  private unsubscribe: () => void;
  private unsubscribeMissed: () => void;

  constructor(events: EventBus) {
    this.unsubscribe = events.subscribe((event) => this.route(event));
    // Other instances' events were lost while this one could not hear them (a PostgreSQL
    // restart): every socket refetches what it shows, once, rather than show it stale.
    this.unsubscribeMissed = events.onMissed(() => this.toEverySocket({ type: "force_refresh", updateType: "all_data_refresh" }));
  }

  addBroker(connection: BrokerConnection): void {
    const { memberId, workspaceId } = connection.scope;
    add(this.brokers, memberId, connection);
    add(this.workspaces, workspaceId, connection);
    // Undone under the scope the connection has then (setScope may have moved it).
    this.register(connection.socket, "broker", () => {
      remove(this.brokers, connection.scope.memberId, connection);
      remove(this.workspaces, connection.scope.workspaceId, connection);
    });
  }

  /**
   * A member's scope as it is now (member_scope_changed, or read again by the periodic check in
   * ended-sessions.ts): their sockets hear by it from the next event on, and refetch what they
   * show, since their lists changed. null: no longer a member, their sockets are closed.
   */
  setScope(memberId: string, scope: Scope | null): void {
    const connections = [...(this.brokers.get(memberId) ?? [])];
    for (const c of connections) {
      if (!scope) {
        this.removeSocket(c.socket);
        c.socket.close(SIGNED_OUT_CLOSE_CODE, "Signed out");
        continue;
      }
      const before = c.scope;
      if (before.workspaceId === scope.workspaceId && before.role === scope.role && before.visibility === scope.visibility) continue;
      if (before.workspaceId !== scope.workspaceId) {
        remove(this.workspaces, before.workspaceId, c);
        add(this.workspaces, scope.workspaceId, c);
      }
      c.scope = scope;
      c.socket.send(JSON.stringify({ type: "force_refresh", updateType: "customer_list_refresh" } satisfies LiveMessage));
    }
  }

  /** The members with an open socket here, for the periodic check of their scopes. */
  connectedMembers(): string[] {
    return [...this.brokers.keys()];
  }

  /** What the open sockets of this member hear by (all share one scope; undefined: none open). */
  scopeOf(memberId: string): Scope | undefined {
    return this.brokers.get(memberId)?.values().next().value?.scope;
  }

  /**
   * Registers the socket for the customer relationships it may hear about (one for a guest, all
   * of an account's), replacing any earlier customer_auth of the same socket: a client repeating
   * it must not hear every later message once per repeat.
   */
  addCustomer(customerIds: string[], connection: CustomerConnection): void {
    const undo = customerIds.map((id) => add(this.customers, id, connection));
    this.register(connection.socket, "customer", () => undo.forEach((fn) => fn()));
  }

  /** The socket closed: it hears nothing more. */
  removeSocket(socket: LiveSocket): void {
    const registered = this.sockets.get(socket);
    registered?.broker?.();
    registered?.customer?.();
    this.sockets.delete(socket);
  }

  /** Every open broker socket's session, for finding those ended elsewhere (`portal admin`). */
  brokerSessions(): { brokerId: string; sessionId: string }[] {
    return [...this.brokers].flatMap(([brokerId, set]) => [...set].map((c) => ({ brokerId, sessionId: c.sessionId })));
  }

  counts() {
    const total = (map: Map<string, Set<unknown>>) => [...map.values()].reduce((n, set) => n + set.size, 0);
    return { brokers: total(this.brokers), customers: total(this.customers) };
  }

  close(): void {
    this.unsubscribe();
    this.unsubscribeMissed();
  }

  /** Each registered socket once, broker's or customer's (one socket may hear several customers). */
  private toEverySocket(message: LiveMessage) {
    const text = JSON.stringify(message);
    for (const socket of this.sockets.keys()) socket.send(text);
  }

  private register(socket: LiveSocket, role: "broker" | "customer", undo: () => void): void {
    const registered = this.sockets.get(socket) ?? {};
    registered[role]?.();
    registered[role] = undo;
    this.sockets.set(socket, registered);
  }

  private toBroker(brokerId: string, message: LiveMessage) {
    const text = JSON.stringify(message);
    for (const c of this.brokers.get(brokerId) ?? []) c.socket.send(text);
  }

  /** Every socket of the workspace whose member passes `hears`. */
  private toWorkspace(workspaceId: string, message: LiveMessage, hears: (scope: Scope) => boolean = () => true) {
    const text = JSON.stringify(message);
    for (const c of this.workspaces.get(workspaceId) ?? []) if (hears(c.scope)) c.socket.send(text);
  }

  /**
   * A member's or a workspace's scope changed in this or another instance: the sockets of that
   * workspace take it at once (the periodic check catches what no event announced: `portal admin`).
   */
  private scopeChanged(event: Extract<DomainEvent, { type: "member_scope_changed" }>) {
    const members = event.memberId ? [event.memberId] : [...(this.workspaces.get(event.workspaceId) ?? [])].map((c) => c.scope.memberId);
    for (const memberId of new Set(members)) {
      const scope = this.scopeOf(memberId);
      if (!scope || scope.workspaceId !== event.workspaceId) continue;
      this.setScope(memberId, { ...scope, ...(event.role ? { role: event.role } : {}), ...(event.visibility ? { visibility: event.visibility } : {}) });
    }
  }

  private toCustomer(customerId: string, message: LiveMessage, onlySignedIn = false) {
    const text = JSON.stringify(message);
    for (const c of this.customers.get(customerId) ?? []) if (!onlySignedIn || c.session) c.socket.send(text);
  }

  private route(event: DomainEvent): void {
    switch (event.type) {
      case "notification_created":
        if (event.audience === "broker") this.toBroker(event.brokerId, { type: "notification", data: { id: event.notificationId, audience: "broker" } });
        else this.toCustomer(event.customerId, { type: "notification", data: { id: event.notificationId, audience: "customer" } }, true);
        return;
      case "notifications_read":
        if (event.audience === "broker") this.toBroker(event.brokerId, { type: "notification_update" });
        else for (const id of event.customerIds) this.toCustomer(id, { type: "notification_update" }, true);
        return;
      case "customer_signed_out": {
        const ended = (c: CustomerConnection) =>
          c.session?.accountId === event.accountId && (!event.sessionId || c.session.sessionId === event.sessionId);
        // One socket may be registered under several relationships: close it once.
        const sockets = new Set([...this.customers.values()].flatMap((set) => [...set].filter(ended).map((c) => c.socket)));
        for (const socket of sockets) socket.close(SIGNED_OUT_CLOSE_CODE, "Signed out");
        return;
      }
      case "broker_signed_out":
        for (const c of this.brokers.get(event.brokerId) ?? []) {
          if (c.sessionId === event.sessionId) c.socket.close(SIGNED_OUT_CLOSE_CODE, "Signed out");
        }
        return;
      case "customer_list_refresh": {
        // The members who may see one of the customers that changed refetch what they see; with no
        // assignees named (the plan), every member of the workspace.
        const { workspaceId, assigneeIds } = event;
        const seesOne = assigneeIds && ((scope: Scope) => assigneeIds.some((assigneeId) => maySeeCustomer(scope, { workspaceId, assigneeId })));
        this.toWorkspace(workspaceId, { type: "force_refresh", updateType: event.type }, seesOne);
        return;
      }
      case "member_scope_changed":
        this.scopeChanged(event);
        return;
      default: {
        // A relationship whose email the broker changed no longer belongs to the accounts that
        // reached it by the old address. Their sockets are closed (after this last message),
        // so they reconnect and are registered for what their account reaches now.
        const leaving =
          event.type === "customer_updated" && event.emailChanged
            ? [...(this.customers.get(event.customerId) ?? [])].filter((c) => c.session).map((c) => c.socket)
            : [];
        const data = {
          customerId: event.customerId,
          ...("documentId" in event ? { documentId: event.documentId } : {}),
          ...("documentIds" in event ? { documentIds: event.documentIds } : {}),
        };
        this.toWorkspace(event.workspaceId, { type: "data_update", updateType: event.type, data }, (scope) => hears(scope, event));
        // The customer's portal shows the same documents; it only needs to know to refetch.
        const { customerId: _, ...documents } = data;
        this.toCustomer(event.customerId, { type: "data_update", updateType: "customer_portal_update", data: documents });
        // A deleted relationship is told once (its portal refetches and finds the link gone),
        // then its sockets hear nothing more of that id.
        if (event.type === "customer_deleted") this.customers.delete(event.customerId);
        for (const socket of leaving) {
          this.removeSocket(socket);
          socket.close(ACCESS_CHANGED_CLOSE_CODE, "Access changed");
        }
      }
    }
  }
}

/**
 * Whether a member hears of a customer's event: they may see the customer, or (a customer handed
 * to another member) it was theirs until now, so their lists lose it.
 */
function hears(scope: Scope, event: AboutCustomer & { previousAssigneeId?: string }): boolean {
  if (maySeeCustomer(scope, event)) return true;
  return event.previousAssigneeId !== undefined && maySeeCustomer(scope, { workspaceId: event.workspaceId, assigneeId: event.previousAssigneeId });
}

function add<T>(map: Map<string, Set<T>>, key: string, value: T): () => void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
  return () => remove(map, key, value);
}

function remove<T>(map: Map<string, Set<T>>, key: string, value: T): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
