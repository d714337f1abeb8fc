# The table service as an image: `docker build -t gametable .`, or the whole deployment with
# PostgreSQL, Redis, two app processes and nginx: `docker compose up` (compose.yaml, docs/server.md).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
# The package's metadata first, so that a change of code alone does not reinstall the dependencies.
COPY pyproject.toml README.md ./
COPY src ./src
RUN python -m pip install . \
    && useradd --system --home-dir /app --shell /usr/sbin/nologin gametable
USER gametable

EXPOSE 8000
# /healthz answers whenever the process does; readiness (/readyz) is the proxy's business.
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"]
# Without DATABASE_URL this stores tables in a SQLite file inside the container: give it a volume
# (docker run -v gametable-data:/app/.local/share/gametable) or, better, a PostgreSQL.
CMD ["gametable", "serve", "--host", "0.0.0.0", "--port", "8000"]
