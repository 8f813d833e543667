# sshd.sh - a throwaway OpenSSH server on the loopback, for tests of remote hosts.
# Source it, then:
#
#     if pz_sshd_start "$tmp/sshd"; then   # sets PZ_SSH, the ssh command to use
#         printf '1/%s root@127.0.0.1\n1/%s root@127.0.0.2\n' "$PZ_SSH" "$PZ_SSH" >hosts
#         ...
#     else
#         echo "SKIPPED: $PZ_SSHD_WHY"
#     fi
#     pz_sshd_stop                         # also in the caller's EXIT trap
#
# The server listens on 127.0.0.1 and 127.0.0.2 (two "hosts" of one machine) at
# a free high port, with a host key and a client key made for it in DIR, and
# takes only that key.  It runs as a child of the test (sshd -D), never as a
# system service, and pz_sshd_stop ends it by its process id.  It needs root
# (sshd's privilege separation wants /run/sshd and a chroot); where it cannot
# run, pz_sshd_start returns 1 with the reason in PZ_SSHD_WHY.

PZ_SSHD_PID=
PZ_SSH=
PZ_SSHD_WHY=

pz_sshd_start() {
    local dir=$1 sshd=/usr/sbin/sshd port try
    if [ ! -x "$sshd" ] || ! command -v ssh >/dev/null || ! command -v ssh-keygen >/dev/null; then
        PZ_SSHD_WHY="no OpenSSH server or client here (Debian's openssh-server)"
        return 1
    fi
    if [ "$(id -u)" -ne 0 ]; then
        PZ_SSHD_WHY="sshd needs root here (privilege separation in /run/sshd)"
        return 1
    fi
    mkdir -p "$dir" /run/sshd && chmod 700 "$dir" && chmod 755 /run/sshd || {
        PZ_SSHD_WHY="cannot make $dir or /run/sshd"
        return 1
    }
    ssh-keygen -q -t ed25519 -N '' -C pz-test-host -f "$dir/host_key" &&
        ssh-keygen -q -t ed25519 -N '' -C pz-test-client -f "$dir/client_key" &&
        cp "$dir/client_key.pub" "$dir/authorized_keys" || {
        PZ_SSHD_WHY="ssh-keygen failed"
        return 1
    }
    PZ_SSH="ssh -F /dev/null -i $dir/client_key -o IdentitiesOnly=yes -o BatchMode=yes"
    PZ_SSH+=" -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR"
    # A port may be taken between choosing and binding: try a few.
    for try in 1 2 3 4 5 6 7 8; do
        port=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
        cat >"$dir/sshd_config" <<EOF
Port $port
ListenAddress 127.0.0.1
ListenAddress 127.0.0.2
HostKey $dir/host_key
PidFile $dir/sshd.pid
AuthorizedKeysFile $dir/authorized_keys
StrictModes no
UsePAM no
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
AllowTcpForwarding no
X11Forwarding no
PrintMotd no
MaxStartups 50
LogLevel ERROR
EOF
        "$sshd" -D -e -f "$dir/sshd_config" 2>"$dir/sshd.log" &
        PZ_SSHD_PID=$!
        # Up when a login works; give up when the server has exited.
        for _ in $(seq 50); do
            if $PZ_SSH -p "$port" root@127.0.0.1 true 2>/dev/null; then
                PZ_SSH+=" -p $port"
                return 0
            fi
            kill -0 "$PZ_SSHD_PID" 2>/dev/null || break
            sleep 0.1
        done
        pz_sshd_stop
        grep -q "Address already in use" "$dir/sshd.log" || break
    done
    PZ_SSHD_WHY="sshd did not come up: $(tr '\n' ' ' <"$dir/sshd.log")"
    return 1
}

pz_sshd_stop() {
    if [ -n "$PZ_SSHD_PID" ]; then
        kill "$PZ_SSHD_PID" 2>/dev/null
        wait "$PZ_SSHD_PID" 2>/dev/null
        PZ_SSHD_PID=
    fi
    return 0
}
