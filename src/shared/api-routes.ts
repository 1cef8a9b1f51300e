// Every route of the API as the server declares it, for the web app's one client
// (web/api/client.ts): the path a call names picks the route, and the route gives the call's body
// and answer. Derived from the app's own type (Elysia's route tree, built from each route's `t`
// schemas in its feature's model.ts), so a changed field fails the web app's typecheck and no web
// file declares a response by hand. Type-only: nothing of the server ends up in the browser.
// (Why not Eden Treaty: docs/architecture.md, "The contract".)
import type { App } from "../app.ts";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Each route once: its key ("GET /api/customers/:customerId/reminders") and Elysia's entry for it. */
type Entries<Tree, Path extends string = ""> = {
  [Name in keyof Tree & string]: Uppercase<Name> extends Method
    ? { key: `${Uppercase<Name>} ${Path}`; route: Tree[Name] }
    : Entries<Tree[Name], `${Path}/${Name}`>;
}[keyof Tree & string];
type Route = Entries<App["~Routes"]>;

/** "GET /api/site", "PUT /api/customers/:id", … every route the app serves. */
export type RouteKey = Route["key"];

/** What a route answers when it succeeds (a union when it has two successes, as sign-in's 200 and 202). */
type Success<Entry> = Entry extends { route: { response: infer ByStatus } } ? ByStatus[keyof ByStatus & (200 | 201 | 202 | 204)] : never;
type BodyOf<Entry> = Entry extends { route: { body: infer Body } } ? Body : never;

/** The success answer of one route, by its key: `Answer<"GET /api/auth/user">`. */
export type Answer<Key extends RouteKey> = Success<Extract<Route, { key: Key }>>;
/** One status's answer, for a caller that knows which success it asked for (sign-up's 202: a code was sent). */
export type AnswerAt<Key extends RouteKey, Status extends 200 | 201 | 202> = Extract<Route, { key: Key }>["route"] extends { response: infer ByStatus }
  ? ByStatus[Status & keyof ByStatus]
  : never;

// A concrete path ("/api/customers/3f…/reminders", or the template type of `/api/customers/${id}/reminders`)
// matches a route's path segment by segment: a `:param` takes any one segment, a word only itself.
type Segments<Path extends string> = Path extends `${infer Head}/${infer Tail}` ? [Head, ...Segments<Tail>] : [Path];
type SegmentsMatch<Called extends string[], Declared extends string[]> = Called extends [infer C extends string, ...infer CallRest extends string[]]
  ? Declared extends [infer D extends string, ...infer DeclRest extends string[]]
    ? D extends `:${string}`
      ? SegmentsMatch<CallRest, DeclRest>
      : [C] extends [D]
        ? SegmentsMatch<CallRest, DeclRest>
        : false
    : false
  : Declared extends []
    ? true
    : false;
type WithoutQuery<Path extends string> = Path extends `${infer Before}?${string}` ? Before : Path;

/** The routes a call with this method and path reaches (never: no such route). */
export type RouteCalled<M extends Method, Path extends string> = Path extends string
  ? Route extends infer Entry
    ? Entry extends { key: `${M} ${infer Declared}` }
      ? SegmentsMatch<Segments<WithoutQuery<Path>>, Segments<Declared>> extends true
        ? Entry
        : never
      : never
    : never
  : never;

export type ApiMethod = Method;

/** A declared path as the paths that reach it: "/api/customers/:id" is `/api/customers/${string}`. */
type PathPattern<Declared extends string> = Declared extends `${infer Head}/${infer Tail}`
  ? `${Head extends `:${string}` ? string : Head}/${PathPattern<Tail>}`
  : Declared extends `:${string}`
    ? string
    : Declared;
type DeclaredPath<Key> = Key extends `${Method} ${infer Declared}` ? Declared : never;
/** Every path a call with this method may name, with or without a query string. */
export type ServedPath<M extends Method> = PathPattern<DeclaredPath<Extract<RouteKey, `${M} ${string}`>>> extends infer P extends string ? P | `${P}?${string}` : never;
/** The success answer of the route a call reaches. */
export type AnswerOf<M extends Method, Path extends string> = Success<RouteCalled<M, Path>>;
/** The JSON body the route a call reaches accepts. */
export type BodyFor<M extends Method, Path extends string> = BodyOf<RouteCalled<M, Path>>;
