"""The server's routes, one router for each application (FastAPI's APIRouter)."""
