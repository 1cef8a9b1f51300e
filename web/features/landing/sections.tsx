// The landing page's content sections: copy from content.ts in simple grids.
import { BENEFITS, FEATURES, KEY_BENEFITS, SECTION_IDS, STATS, TRADES } from "./content";
import { IconCard, Section } from "./Section";

export function BenefitsSection() {
  return (
    <Section
      id={SECTION_IDS.delivers}
      title="What it delivers"
      intro="Everything you need to collect, check and keep your customers' documents."
      className="bg-white"
    >
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {BENEFITS.map((benefit) => (
          <IconCard key={benefit.title} {...benefit} />
        ))}
      </div>
    </Section>
  );
}

export function KeyBenefitsSection() {
  return (
    <Section id={SECTION_IDS.why} title="Why brokers switch" intro="Less chasing, fewer mistakes, faster closings.">
      <div className="grid gap-6 sm:grid-cols-2">
        {KEY_BENEFITS.map((benefit) => (
          <IconCard key={benefit.title} {...benefit} />
        ))}
      </div>
    </Section>
  );
}

export function FeatureHighlights() {
  return (
    <Section title="Built for busy files" intro="The details that save you a phone call." className="bg-white">
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map((feature) => (
          <IconCard key={feature.title} {...feature} />
        ))}
      </div>
    </Section>
  );
}

export function WhoItsForSection() {
  return (
    <Section id={SECTION_IDS.who} title="Who it's for" intro="Any trade that runs on customer paperwork.">
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {TRADES.map((trade) => (
          <IconCard key={trade.title} {...trade} />
        ))}
      </div>
    </Section>
  );
}

export function StatsSection() {
  return (
    <section aria-label="In numbers" className="bg-brand-700 px-4 py-14 text-white sm:px-6">
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-8 text-center lg:grid-cols-4">
        {STATS.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse justify-end gap-1">
            <dt className="text-brand-100">{stat.label}</dt>
            <dd className="text-3xl font-bold sm:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
