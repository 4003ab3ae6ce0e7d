# ProviderClient and Stripe object parsing.
