import { UserX } from "lucide-react";
import { useParams } from "react-router";
import { ApiError, CONNECTION_LOST, errorText } from "../api/client";
import { Button, LinkButton } from "../components/ui/Button";
import { Spinner } from "../components/ui/Spinner";
import { usePageTitle } from "../components/use-page-title";
import { useCustomerQuery } from "../features/customers/api";
import { CustomerDetail } from "../features/documents/CustomerDetail";

export function CustomerDetailRoute() {
  const { id } = useParams();
  if (!id) return <MissingId />;
  return <CustomerDetailScreen id={id} />;
}

function CustomerDetailScreen({ id }: { id: string }) {
  const query = useCustomerQuery(id);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  usePageTitle(query.data?.name ?? (notFound ? "Customer Not Found" : "Customer details"));

  if (query.isPending) {
    return (
      <div className="flex justify-center py-20">
        <Spinner label="Loading customer" />
      </div>
    );
  }
  // 404 means unknown or another broker's customer: the server does not tell them apart.
  if (notFound) return <CustomerNotFound title="Customer Not Found" />;
  if (query.error || !query.data) {
    return (
      <section className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <h1 className="text-xl font-semibold text-slate-900">Could not load this customer</h1>
        <p role="alert" className="mt-2 text-slate-600">
          {query.error ? errorText(query.error, CONNECTION_LOST) : "Please sign in again to see this customer."}
        </p>
        <Button variant="secondary" className="mt-4" onPress={() => void query.refetch()}>
          Try Again
        </Button>
      </section>
    );
  }
  return <CustomerDetail customer={query.data} />;
}

function MissingId() {
  usePageTitle("Customer not found");
  return <CustomerNotFound title="Customer not found" />;
}

function CustomerNotFound({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      <UserX aria-hidden="true" className="mx-auto size-10 text-slate-400" />
      <h1 className="mt-3 text-2xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">This customer does not exist or is no longer in your list.</p>
      <LinkButton href="/customers" variant="secondary" className="mt-6">
        Back to All Customers
      </LinkButton>
    </section>
  );
}
