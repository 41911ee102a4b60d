"""TLS for a classroom network: the server's certificate, its fingerprint, and clients that pin it.

On the school network seat codes and the teacher's key must not cross the Wi-Fi in clear text, so
``jaliz-learn serve --host 0.0.0.0`` serves ``wss://``. The teacher gives a certificate (``--cert``, ``--cert-key``)
or the server makes a self-signed one (:func:`self_signed`, kept in the user's config folder, the key readable
by its owner only). Students need no certificate authority: every link carries the certificate's SHA-256
fingerprint (``wss://HOST:PORT/CODE#sha256=HEX``, the part after ``#`` never leaves the student's machine), and
the client refuses a server whose certificate has another one (:class:`PinnedContext`) *before* it sends the
code.

>>> split_pin("wss://10.0.0.5:8765/Kq3#sha256=" + "AB" * 32)[1] == "ab" * 32
True
>>> split_pin("ws://127.0.0.1:8765/Kq3")
('ws://127.0.0.1:8765/Kq3', None)
>>> show_fingerprint("ab" * 32)[:11]
'AB:AB:AB:AB'
"""

from __future__ import annotations

import datetime
import hashlib
import ipaddress
import os
import shutil
import ssl
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jaliz_learn.core.errors import InvalidOption

#: Days a self-signed certificate made here lasts (it is made again when it has fewer than 30 left).
DAYS = 398
_HEX = frozenset("0123456789abcdef")


def config_dir() -> Path:
    """Where the server keeps its self-signed certificate: ``$XDG_CONFIG_HOME/jaliz-learn/tls`` (default
    ``~/.config/jaliz-learn/tls``)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "jaliz-learn" / "tls"


def fingerprint(cert_pem: str | bytes) -> str:
    """The SHA-256 of a PEM certificate's DER bytes, as 64 lowercase hex digits (what links carry)."""
    text = cert_pem.decode("ascii") if isinstance(cert_pem, bytes) else cert_pem
    return hashlib.sha256(ssl.PEM_cert_to_DER_cert(text)).hexdigest()


def show_fingerprint(hex_digest: str) -> str:
    """A fingerprint as people compare it (and browsers show it): ``AB:CD:...``."""
    up = hex_digest.upper()
    return ":".join(up[i:i + 2] for i in range(0, len(up), 2))


def normal_pin(text: str) -> str:
    """A fingerprint as typed (hex, any case, colons allowed) as 64 lowercase hex digits, or InvalidOption.

    >>> normal_pin("AB:" * 31 + "AB") == "ab" * 32
    True
    """
    pin = text.replace(":", "").strip().lower()
    if len(pin) != 64 or not set(pin) <= _HEX:
        raise InvalidOption("a link's #sha256= must be the server's SHA-256 fingerprint: 64 hex digits")
    return pin


def split_pin(url: str) -> tuple[str, str | None]:
    """``(url without its #fragment, the pinned fingerprint or None)``; a fragment other than ``sha256=`` is
    refused (a link copied wrongly should fail here, not connect unpinned)."""
    base, sep, fragment = url.partition("#")
    if not sep:
        return url, None
    name, eq, value = fragment.partition("=")
    if name.lower() != "sha256" or not eq:
        raise InvalidOption("a table link may end only in #sha256=FINGERPRINT (the server's certificate)")
    if not base.startswith("wss://"):
        raise InvalidOption("a link with #sha256= must be wss:// (the fingerprint pins a TLS certificate)")
    return base, normal_pin(value)


class PinnedContext(ssl.SSLContext):
    """A client TLS context that trusts exactly one certificate, by its SHA-256 fingerprint (no authority, no host
    name: the pin is the trust). The check runs right after the handshake, before any byte of the request (which
    holds the seat's code) is sent.

    >>> ctx = PinnedContext.make("ab" * 32)
    >>> ctx.verify_mode == ssl.CERT_NONE, ctx.pin == "ab" * 32
    (True, True)
    """

    pin: str

    @classmethod
    def make(cls, pin: str) -> PinnedContext:
        ctx = cls(ssl.PROTOCOL_TLS_CLIENT)
        ctx.check_hostname = False  # the pin names the server, not a host name
        ctx.verify_mode = ssl.CERT_NONE
        ctx.minimum_version = ssl.TLSVersion.TLSv1_2
        ctx.pin = normal_pin(pin)
        return ctx

    def wrap_socket(self, sock: Any, *args: Any, **kwargs: Any) -> ssl.SSLSocket:  # type: ignore[override]
        wrapped = super().wrap_socket(sock, *args, **kwargs)
        if not kwargs.get("do_handshake_on_connect", True):
            wrapped.do_handshake()
        der = wrapped.getpeercert(binary_form=True) or b""
        got = hashlib.sha256(der).hexdigest()
        if got != self.pin:
            wrapped.close()
            raise ssl.SSLCertVerificationError(
                f"the server's certificate is not the one in the link (SHA-256 {show_fingerprint(got)[:23]}...): "
                "ask your teacher for the link again")
        return wrapped


def client_context(url: str) -> tuple[str, ssl.SSLContext | None]:
    """The URL to connect to and the TLS context for it: pinned when the link carries ``#sha256=``, the system's
    authorities for a plain ``wss://`` link, none for ``ws://``."""
    base, pin = split_pin(url)
    if pin is not None:
        return base, PinnedContext.make(pin)
    return base, (ssl.create_default_context() if base.startswith("wss://") else None)


def server_context(cert: str | Path, key: str | Path) -> ssl.SSLContext:
    """A server TLS context for ``cert``/``key`` (PEM files); InvalidOption in one line when they do not load."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        ctx.load_cert_chain(str(cert), str(key))
    except (OSError, ssl.SSLError) as exc:
        raise InvalidOption(f"cannot use the certificate {cert} with the key {key}: {exc}") from None
    return ctx


def _fresh(cert: Path) -> bool:
    """A certificate made here less than ``DAYS - 30`` days ago (its file's age: this folder holds only ours)."""
    try:
        age = datetime.datetime.now().timestamp() - cert.stat().st_mtime
    except OSError:
        return False
    return 0 <= age < (DAYS - 30) * 86400


def self_signed(hosts: Sequence[str], folder: Path | None = None) -> tuple[Path, Path]:
    """The self-signed certificate and key in ``folder`` (default :func:`config_dir`), made when missing or about
    to expire: an EC P-256 key (file mode 0600, folder 0700) and a certificate for ``hosts``. Made with the
    ``cryptography`` package when installed, else the ``openssl`` program."""
    folder = folder or config_dir()
    cert, key = folder / "server-cert.pem", folder / "server-key.pem"
    if cert.is_file() and key.is_file() and _fresh(cert):
        return cert, key
    folder.mkdir(parents=True, exist_ok=True)
    os.chmod(folder, 0o700)
    names = [h for h in dict.fromkeys(list(hosts) + ["localhost", "127.0.0.1"]) if h and h not in ("0.0.0.0", "::")]
    try:
        import cryptography  # noqa: F401
    except ImportError:
        cert_pem, key_pem = _with_openssl(names)
    else:
        cert_pem, key_pem = _with_cryptography(names)
    fd = os.open(key, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key_pem)
    os.chmod(key, 0o600)  # an older file keeps its mode through O_TRUNC
    cert.write_bytes(cert_pem)
    return cert, key


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _with_cryptography(names: list[str]) -> tuple[bytes, bytes]:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "jaliz-learn table server")])
    now = datetime.datetime.now(datetime.timezone.utc)
    alt = [x509.IPAddress(ipaddress.ip_address(n)) if _is_ip(n) else x509.DNSName(n) for n in names]
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=DAYS))
            .add_extension(x509.SubjectAlternativeName(alt), critical=False).sign(key, hashes.SHA256()))
    key_pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
    return cert.public_bytes(serialization.Encoding.PEM), key_pem


def _with_openssl(names: list[str]) -> tuple[bytes, bytes]:
    program = shutil.which("openssl")
    if program is None:
        raise InvalidOption("making a certificate needs the 'cryptography' package or the 'openssl' program; "
                            "or give your own with --cert and --cert-key")
    alt = ",".join(f"IP:{n}" if _is_ip(n) else f"DNS:{n}" for n in names)
    with tempfile.TemporaryDirectory() as tmp:
        os.chmod(tmp, 0o700)
        cert, key = Path(tmp) / "cert.pem", Path(tmp) / "key.pem"
        done = subprocess.run(  # noqa: S603 - a fixed program and arguments
            [program, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
             "-keyout", str(key), "-out", str(cert), "-days", str(DAYS), "-subj", "/CN=jaliz-learn table server",
             "-addext", f"subjectAltName={alt}"], capture_output=True, timeout=60, check=False)
        if done.returncode != 0:
            raise InvalidOption(f"openssl could not make a certificate: {done.stderr.decode(errors='replace')[:200]}")
        return cert.read_bytes(), key.read_bytes()


__all__ = ["PinnedContext", "client_context", "config_dir", "fingerprint", "normal_pin", "self_signed",
           "server_context", "show_fingerprint", "split_pin"]
