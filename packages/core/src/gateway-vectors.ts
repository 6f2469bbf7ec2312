/**
 * Gateway protocol test vectors (TEST KEYS ONLY: generated once for these
 * vectors, never used by a running server). Computed independently with
 * OpenSSL-backed code; `checkGatewayVectors` replays them through
 * the gateway modules so that Node (vitest) and Chromium (a page loading this
 * module) prove the same results. Not exported from the package entry: import
 * `@quay/core/gateway-vectors`.
 */
import {
  aesCbcDecrypt,
  aesCbcEncrypt,
  decryptBodyFields,
  encryptBodyFields,
  importDecryptionPrivateKey,
} from './gateway-body-encryption';
import type { SignMode } from './gateway-protocol';
import { bodyMd5, canonicalSignString, signedPathOf, traceTimeOf } from './gateway-protocol';
import {
  clientKeyId,
  importSigningPrivateKey,
  keyCheckMessage,
  signText,
  verifyServerPublicKey,
  verifyText,
} from './gateway-signing';
import { fromBase64 } from './gateway-web-crypto';

export const VECTOR_KEYS = {
  root: {
    publicKey:
      '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAzBYmRxv9aaquJWg3viV7\nr7DPAe1fHDPb6S8xNb4BLEfAAoTS1c4g3/S08kD8iF4J9TPCwNHicR3xfTL/acEb\nAgahkzbpdJ0JU0cVDNjYi9Tnk3IzyvzQhiUqIS4JNONGm+qXi8w9CjyGIP+CTCSR\nLUpTLG6icJrB4Kubggv9QEBKMAYhL1B0hjvfXIGWIFlfVEsh5pwaOq4bGMam4k8J\n9TmG//MBks9DL9lXWFlgPytxesCrll7+vgNbqVojI1YOvHaa8kjR7HwUUMHXjV4O\nGo88aK5NSxzRRMkSvPlfHMCjMEYaJsmysdHvJk2izeni7VkHwaBojU69QVAZdrZD\nCQIDAQAB\n-----END PUBLIC KEY-----\n',
    privateKey:
      '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDMFiZHG/1pqq4l\naDe+JXuvsM8B7V8cM9vpLzE1vgEsR8AChNLVziDf9LTyQPyIXgn1M8LA0eJxHfF9\nMv9pwRsCBqGTNul0nQlTRxUM2NiL1OeTcjPK/NCGJSohLgk040ab6peLzD0KPIYg\n/4JMJJEtSlMsbqJwmsHgq5uCC/1AQEowBiEvUHSGO99cgZYgWV9USyHmnBo6rhsY\nxqbiTwn1OYb/8wGSz0Mv2VdYWWA/K3F6wKuWXv6+A1upWiMjVg68dprySNHsfBRQ\nwdeNXg4ajzxork1LHNFEyRK8+V8cwKMwRhomybKx0e8mTaLN6eLtWQfBoGiNTr1B\nUBl2tkMJAgMBAAECggEAXHVKaRu+njDzjUHeQxgjJVCyL7rUxGegIM+++Qx35pIo\n5Fs9Uxx720o28atMXRFRbJNDD2zmq/13SpOgj84qyKutZo7RjAGa2G4TFMtmq07M\njQmHelY3uBY9NGPxStMOSZOpjW19V9Zco7Vt18YXOU/7R11l3SLXY8wK+wsodAL7\n89qOcnOKngIlFPXayxZjikCrND60YaS7WUxtt/4/J67qPA+c2imbB6NoQqbnl2Ns\n03lSkxJVMiMezGQusmMI7f8RBxr0rAlWBi7uLshlMEtuLU+S5b9REsRxlQyPu+xU\ncz5PpUBDr/svxkV9s4kqLJNm/4MQKBarmwSb8k/H0wKBgQD+H/SFPufvWUS97rZE\nOEeh8o5qzawmkVED34JUuDUpgmJjlAUtMAF/x0d36a/UcIvEHaXDKMLZZk+QUP6f\nDXdLeCvlH0Ucc+H9djSlYm43ACt722KuWfqv8Hk1JqOrHka11U1BOUszbyKsFzUN\nhbHMlRd3OkTngVsvwnOKztgp7wKBgQDNl6vhfIQncCKQh8uW4G7E0lRZ+AXD3YBq\nkh39jOHyb28ZJxTVUsrj84FtOJCMSrCOy1OrAzUZPutNA/9IWGbsVZ5MfjFg9Jyk\nFREslTxuqOFq/JFyWD23/68gOp0s07AIeeOq7WIAQIjROT1OQXtfsUWdzJbtbFdm\nxFVyQkg6hwKBgEiFuBOaqzgsQqjtigiYAyFdhnVGct2i1PsE+z3QQCOzeP6wDHYj\n4BmmNmgrQamf4NM8HsU+SbUfNI+b/b5IaoYYKna94MxI6fKanFWibI+3tbEoH9Zg\nCWHSf9TCTS0Ve9qCoASAJEzuZ3ezO8m7IM2gssyszWNAEFTl6nFvrFLzAoGAVDbF\njDax92mibuuBBItoNC0nqjbDPcjUmlLCACMeRm1I59evW/Zu71LGeFPMOfs6OTOm\nUQ2eSXoRblmtzxePCU3E6vZiCaIJK9kJUObMe1OoCmfsuBbXKTCNrrjzuvH3UHGF\nRXW5R/snT/SPXSfLfpYhuxKb3CMd5hWUHppx9a8CgYEAxw1QX+qui8CAnoKUy0cK\n3AAc++HPA+DbSamKTx+zVWmGRdObeCn5c2DCWc6NdAh/HRtnyOxYLrkRHKNSsrWZ\nkBaWzNW2T2F/35rDXRBer6GxMBLP5lO/AGkthmpTuru0YyfhPeI+d8dQhB3H8R/O\nfNfJYNPObp646mUUGvCe760=\n-----END PRIVATE KEY-----\n',
  },
  server: {
    publicKey:
      '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAzhdV7sIo8OIc24SxTTdE\n/OKovgUWiu8f/LMzaRlgSE6QDngG1lrCu27im9xPXWc1+cdewpvSAfW+/s2MMjY3\nqmIXJbHQERghSKvsOL+a8OiOoySXftHKOz6BCjlUvZMAE4KjrxRFnHRg/mQPicFa\no9cPZWcz6U9Hw80G0TlFQew98MdOG3Wbrd4jt6Pn8Ce3WP2IwF6VpNeBSiNVIdk7\nwacalsnFoJmr9SN01iQS7dQT9nkFtASu2MCSsxwkRavO+oUyqOgrAbeTU0A7/vWw\nsD0pNY7VMcokuaX2Tib925gPvbJwFuiCgIGsU45k2vuh4TYuZTsNfVRVBgDW5lwx\nKwIDAQAB\n-----END PUBLIC KEY-----\n',
    privateKey:
      '-----BEGIN PRIVATE KEY-----\nMIIEugIBADANBgkqhkiG9w0BAQEFAASCBKQwggSgAgEAAoIBAQDOF1Xuwijw4hzb\nhLFNN0T84qi+BRaK7x/8szNpGWBITpAOeAbWWsK7buKb3E9dZzX5x17Cm9IB9b7+\nzYwyNjeqYhclsdARGCFIq+w4v5rw6I6jJJd+0co7PoEKOVS9kwATgqOvFEWcdGD+\nZA+JwVqj1w9lZzPpT0fDzQbROUVB7D3wx04bdZut3iO3o+fwJ7dY/YjAXpWk14FK\nI1Uh2TvBpxqWycWgmav1I3TWJBLt1BP2eQW0BK7YwJKzHCRFq876hTKo6CsBt5NT\nQDv+9bCwPSk1jtUxyiS5pfZOJv3bmA+9snAW6IKAgaxTjmTa+6HhNi5lOw19VFUG\nANbmXDErAgMBAAECgf9QgM0QdseHUMv08+BOSUipf+BqWZJ0svPLwjRS2ZbCp+2d\nuUTydoGatbXPLD/UPHzZFQfu/O8L1PLGlYQuGP+ljqt8Dfk4tDRMLtwXTsE3WaBe\nGe0TnN9iRQgi9kIjy0g8VsuZmFGYy90Xgf6P0PeXCGr7MVUVzeI6mdwP3k8vcGUZ\nOXbjk22cC2R6nVccLR0ctnHU6Aa9Uz8Qyu1GMrsaYpalFQCKGNn6PV8dURu5z+Px\nFqLTNS1lWaRtv2zHcondVWgP3LZjM2QkO+17r8BW/PTBqagxddFYcZGi+pF8ehSO\nffhn0yuh7l/T5BnhWegMBZHjiGZGS/JpQZXmYGECgYEA8RCO03+AX4s/UeucfasP\nyHs2sNiDmG1qMUP+X10WleD3U1nVNPwg2QBfDbjWi67CK75e9ka9l64zmi5zCxZR\np1wvD68Xa3MfaWUtfemdGP0yDijjVqE+oPEezsoneKtSeYTwvDPZgnMUL9IAd8GD\nqKuQUZkxsb5X5bTsfO5W0b8CgYEA2twTMqOI5y412rJpKGor1xaKibZRHNfOoPGQ\nf9ZcPCWCfOvg/SGodprvB3zSE+/p7fgn8O2tfAVcO6TxJzI9Ln/xmkh82ISTnEDz\n2GhA88rAG7QLt0Dihtc4A3hbJ9aOYGBAWoyK9zORTwsdd+zKcIKhuS+dGa3YBxrM\nrgyZI5UCgYBqjJ4Ef3uXP23qYJCXvw9H1qYSvnBT5DCmu93n+rYr4vaOgctKExLV\nt2NMJmG19bVfLlK82gGc1GN8h4FT6jaHGai3bvWUCZtds1nLKIHGdMs2FP5+4OBU\ntJ6gWhveKyNWENty5BwEm6bViCWqyP7Pg51TY7niTTZ+klxgz9vR8wKBgBX2uhJ9\n6PJSZ+Mvvm/o38dxIqwZWOCNI9ZxB7BcodsDZKoGvgiJRS/J8q0MsMSBcjeIjPGX\n2K42l4AA2Ja3av5spqF2HtlXzLyEpDQWmlYdBdSB6B8W6uTfWma2wGcqGBXB8xNj\nQVr3mOCW2/k6EULjSTmddqWqFaD45oudBg1VAoGAA4lK6oF0NlCbmYUaDzsljjbp\nrPUvU32rgnihyb/9/zyxWShVPoGG43T5k67HkdrVGtDspufoEoIzc9sgM0/4RqE9\nBS8q/9yUZ0KbghwjVhhBVOmbKrWmvAbeHgGfl1QBnPzc5t1tU+PLlfZ4LwmTTUvG\n4NDTCH9qGUQ460Ju+2A=\n-----END PRIVATE KEY-----\n',
  },
  client1024: {
    publicKey:
      '-----BEGIN PUBLIC KEY-----\nMIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQCyrQ74mEf7tsjyIyFUVpmpzhUY\nJ7Do0NnrgOczdIP1Zp3NWw0DWR+X+OY5eadvLUFeADn/GFMbqMdIZ1EqCzkjIaIG\nhmblqecksxIbuCIFuGJHP03zF+nmlb4Y1RGU5KiJQLJ6la+XGRaQJP4LOM9V5Bkz\nVsoXQ6DPMtkymAlEmQIDAQAB\n-----END PUBLIC KEY-----\n',
    privateKey:
      '-----BEGIN PRIVATE KEY-----\nMIICdwIBADANBgkqhkiG9w0BAQEFAASCAmEwggJdAgEAAoGBALKtDviYR/u2yPIj\nIVRWmanOFRgnsOjQ2euA5zN0g/Vmnc1bDQNZH5f45jl5p28tQV4AOf8YUxuox0hn\nUSoLOSMhogaGZuWp5ySzEhu4IgW4Ykc/TfMX6eaVvhjVEZTkqIlAsnqVr5cZFpAk\n/gs4z1XkGTNWyhdDoM8y2TKYCUSZAgMBAAECgYEAigEm7hXYi2/7tyIxLQ4Sc9gr\n7NNDTh96Ie8XJGQbRCD1Q1bPL0XYJC5ny/7Ntw5STcOJCCIGlvd+rMq4Iuw2PURf\nbbB0+rN6ntejQzrU+qO5rceoVZo5u/6gYuY+aOdmoZvi2+tdYsFaClftERF+CYxj\n45S31VG655hSS7WGek0CQQDikZIKzxIkUqvP+I8hg6xj80LFu0DsAGIUOfX74K8v\nxDd/IGK+WNJmi+7uhN7DFFa85IP0Alv2FyG6DDGjmAprAkEAyeLXk+5P1xkxENkx\nzsehSbCuGRkCQezf5WxHG1CXWS77RveSFQroKo3tvxYmZ0K/NyjfBf18iGO3GE5t\nXvr2CwJAeB4HGDXp/1nY/vxfHbyKU78vQldhNv2JAgIsmGnpVuCnL33C+/lpKra7\naLcGxtPsnF5mWqI5kQF4fwNh+cJsmwJAc/SwsazterRjdDPr4cLTpsmuFYhBva/a\nIaIBbXTqmTTc6rQD2cY790UxytFkGWdDAOGex4gC4Su03GcfdrBaZQJBAIi71/I9\nw5AQOvJaLimPSeiyGmX5kvl5+IMAhm8gLjgqc6Lr9GNGYzgqje1Xl2vO+Rj6znOD\nYgx+JJXLCJ9tSdw=\n-----END PRIVATE KEY-----\n',
  },
  client2048: {
    publicKey:
      '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAuy1DH6rAXc70Ih3HhyW3\nqaRjbs0oPJXJL06a3sEG9MGqvK979D2ksxpADKsyaRe+xsdUY1qbmbfITx6t9nKs\nTIvgTurJflk/MBBNGRub+sOWL7y5lujjixs76fPgrByn4Kl+Ko0UN7w38vzFFdFs\nINL6zSAhzpiezQygwmchxV7FxThCW+BRUOaX4zj7SG7Qm4sqxcMOdKGR71/DYfDJ\n2mtRZXjaYVabNzIUsrrIn0tZtiqdIG6T45TcuwCJ6XDD39I8mrehRcQNjgWehBtC\nw030TpCVm94tusIn0ZBwzkRqv5YegswjzlPnzxZu3heJvdgEf5OHM/V+NtWovdwW\npQIDAQAB\n-----END PUBLIC KEY-----\n',
    privateKey:
      '-----BEGIN PRIVATE KEY-----\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC7LUMfqsBdzvQi\nHceHJbeppGNuzSg8lckvTprewQb0waq8r3v0PaSzGkAMqzJpF77Gx1RjWpuZt8hP\nHq32cqxMi+BO6sl+WT8wEE0ZG5v6w5YvvLmW6OOLGzvp8+CsHKfgqX4qjRQ3vDfy\n/MUV0Wwg0vrNICHOmJ7NDKDCZyHFXsXFOEJb4FFQ5pfjOPtIbtCbiyrFww50oZHv\nX8Nh8Mnaa1FleNphVps3MhSyusifS1m2Kp0gbpPjlNy7AInpcMPf0jyat6FFxA2O\nBZ6EG0LDTfROkJWb3i26wifRkHDORGq/lh6CzCPOU+fPFm7eF4m92AR/k4cz9X42\n1ai93BalAgMBAAECggEACTavKS3kjjmTtuI0YiivI8CdzGR46JKO9q8t3G0wBHhM\nCUGyHlGye8Z9BKKgtp+emnZRZxqcsjJjv9FIyurWJGZ2Qiw4gumtvJXw1Z2QTgW2\nrN7jW9RW7xAGIPwKQS6f7OUq+rk7F4tCTcm3gd1vLyZzhglg4KSOnJVUjH07IlX0\nYIYicnaHx+vERbWQqB8RFkYGrPwVuqrRLnqkSgWNvM9PenAmkAeUOP9gFtStScN9\ntz25i8Ls822kfRX9RXofXLTEPvTzgkA6jeF6CwgkiLglnuhMzASM5lGuBeP7BAkO\nn5bLRPmAo4zplUzVO3HnixwTO56l6K7TpNzzCPMKuQKBgQDkMcBDefNkUTMmxLbz\n/u9c10Rdh/WmX/i2M5v2ViB7KYMtghgl6BSDmbanzeZsmJqi5XpuGsskvEO+BzOf\nQ4o7J6kvxyG7MhGTgmT9o+Fvq5prtav95CVc7n4qDsLntA4wc312FStIIQ2dN1P6\n2K3FLlQ6C+51nYApN+47tqHo+wKBgQDR/ASx3EsFkCnTFcqwVrFZob+BTC9GNzcT\nLeRGkNNXjMvd6rU33yOZjaSalgxf9Xzba1ENu8z1tkSWoTGCvCsHx9zLJG7RqqbT\ntUlX/MdtxFMCuHuMvc4CkGLBAklqoPOEXR/j9ojDyWblUZOXZDtYjpfC25wPQpnP\nOjbyq6Us3wKBgQCMOUY8MKQv8PXNzPPf27ibBG0uTG3XXwImdHBSX3p2NHw3asoM\nASEZ/UsQsqX19ZCQqRMitbQ/TrESBLrkE0zOLQD6KxO/RHUof+gvNJVDWd/6cBjQ\nW3HaOXOtxIRgfXR6sX1XIosGN8l14pnoe13M3TtEsDBIdhBbQ9NRPlkgIQKBgQCc\nj1l0vvnUgQMeFe5UgZ6jZHyjS4knwf03OI0tq8dXTGun3toUeTNSxo/Gjj9VwHPC\nKQZ6xd3wCWCkKjT+84rltzdA4r4ZZzIRQOYZSyfqCGmX6rJ7YfzaXoqyuyC/9pb5\nxnEDh4m66EvmiGcRhjLVOSOfrhtyKUcCgbX8QsvZYwKBgE4wgJonJP8AUdqnoPdH\np7kv3G4L7vBGAqrq2tn2yqv00ArAEOiyRa6h0tdtBxjK/oroHEhT+0Fzw2lddzZg\ni5JImiWIYaXW83rlrT8+ns1G8ttKD8FFiPjAqJkiVgwaLw6+rPq6NBepjXaOCZoG\ng3GkoC0vE0Mat81yZ/fB5eub\n-----END PRIVATE KEY-----\n',
  },
  other1024: {
    publicKey:
      '-----BEGIN PUBLIC KEY-----\nMIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDetJuXD5/vMI9nO4Xc03wA5TGJ\njR2zEEcBbGuYeElTC9sIIR0nrSC7NKgzHw4PcApelADJi6eEg2MUY7p4dO8lUNV7\nCc/wa7x4IKAepcZgE1vtLyaYlJxrapPIUL/hYX3f0EJ8pY3GnZEQNTvafxCLAvfq\nbekZImhmZZQMAP4yWwIDAQAB\n-----END PUBLIC KEY-----\n',
    privateKey:
      '-----BEGIN PRIVATE KEY-----\nMIICdgIBADANBgkqhkiG9w0BAQEFAASCAmAwggJcAgEAAoGBAN60m5cPn+8wj2c7\nhdzTfADlMYmNHbMQRwFsa5h4SVML2wghHSetILs0qDMfDg9wCl6UAMmLp4SDYxRj\nunh07yVQ1XsJz/BrvHggoB6lxmATW+0vJpiUnGtqk8hQv+Fhfd/QQnyljcadkRA1\nO9p/EIsC9+pt6RkiaGZllAwA/jJbAgMBAAECgYAtP/0tIFuauf8pNoroZ4AWnnsG\nO8oBDBmhTGpAPJCJcys556CI40B3SSez22d784Pn26KdUObkod2L0wecWgYM6eRH\nE0JbyNHf8wL9HrR6LlGgc3T9dXF7TgGkjImZfpuxE4oHpO/WEmIQR27NfIFmgHpJ\nR+Dn+Bo9doq/vLJu4QJBAPS9hgo09EjQloTxfFxs7F2nEeTH+U/85eDdLpZNaDaI\nU/5fvLtUGgoHjNx2ixAisHwKolk6aTpNKhtk/VG9HX8CQQDo85CTdNxkfDUubX9D\ntHwJwwekFYywOf/RmLbU3ASVXay/cmodS/7RDfXmIWs1Hypj2Ghp/9HM12EvzZTP\nDJElAkAiNuSoRKLqEw8X4tKp8ShSJ2se+r3l6ssQVpuOs5+gEAr+AtBVt/oz8L5G\ni+QBC3h0vt/XbY0Mc4Exdzra1H9tAkBgNMcOvwKOVWW5SOt4UL+xYGR1dZjm5u0p\n6MIJYtxZu5gucNg2RT51pChb5I1cIQTmu2dT75z71i+DCIpegDgpAkEAn8dab4Xb\n+7fNBtC7kM5addR51Rh2V+V/Rao85jyX4vDgez3xqplJcnrOs7VJmvTyR53FU7kg\n04smTw/X7WhtGw==\n-----END PRIVATE KEY-----\n',
  },
} as const;

export const VECTOR_KEY_IDS = {
  client1024: '653e6590c3a3fe045b7ce68688bc6924',
  client2048: '737ea878eae1083406ca7f593605782e',
  other1024: '121486e2d8aa16b2adabb039a3dfe0f4',
} as const;

/** serverPublicKeySign of VECTOR_KEYS.server.publicKey by VECTOR_KEYS.root. */
export const VECTOR_SERVER_PUBLIC_KEY_SIGN =
  'KddcPuVmCY81a3R0JdwHcj+56d1gcwQEl5lmFUuDgI/nEQgknD0+gLr7QXxzKI/f2wSLl3gZyDo1MhFmqa0ju0ai/0bf7IWQi5J4NF3G8xd3Up14oYFob8y/yCUSNdmrModKQCrEIkGTLytO33fVgtUoh5FQZsLJqFxv4arMi7PxIQMVp5xs8/rJ9rpKx92FbOih2xPvUQELbCp97hkeDw16u5mlNm9ThhiT3VR2Gb6Vb+C/SqdXxZ+gxyWf4qmt6o4x4oyDzM9FlEX8TnKi5M5Ue40LZHE1MdumD2pFL457rIZlORocWsVcKuwVL8CPxLp0hSIvRLCzc81jL8Hgqw==';

export const VECTOR_REQUEST = {
  path: '/v1/spot/order/place',
  requestTime: '1767225600123',
  traceId: 'w1767225600000abcdefghijk',
  body: '{"symbol":"BTCUSDT","side":"buy","type":"limit","price":"65000.5","quantity":"0.01","note":"ünï€😀"}',
  bodyMd5: '74162bdbd312ef15276c667feaed9cf8',
  emptyBodyMd5: 'd41d8cd98f00b204e9800998ecf8427e',
} as const;

/** The `path` part a client signs: method, request target, demo flag. */
export const VECTOR_SIGNED_PATH = {
  real: {
    input: { method: 'POST', target: '/v1/spot/order/place?languageType=1', simulated: false },
    path: 'POST /v1/spot/order/place?languageType=1',
  },
  demo: {
    input: { method: 'POST', target: '/v1/spot/order/place?languageType=1', simulated: true },
    path: 'POST /v1/spot/order/place?languageType=1 x-simulated:1',
  },
} as const;

export const VECTOR_CANONICAL: Record<SignMode, string> = {
  path_time: '/v1/spot/order/place\n17672256',
  path_time_traceId: '/v1/spot/order/place\n17672256\nw1767225600000abcdefghijk',
  path_time_traceId_body:
    '/v1/spot/order/place\n17672256\nw1767225600000abcdefghijk\n74162bdbd312ef15276c667feaed9cf8',
};

/** Expected RSASSA-PKCS1-v1_5 / SHA-256 signatures (deterministic) per mode and key. */
export const VECTOR_SIGNATURES: Record<SignMode, { client1024: string; client2048: string }> = {
  path_time: {
    client1024:
      'KtdzLW4cz1aS6i6zlqAeORAI8vd6JeyPSfrZ44LMPVc8O8gZWlHtpHe29kiymL88X+IAGQODGLHpZJiagN6L5yPxSQ1iNjCzKLlnsIviVHMxbeYOM0ISk8c6inOcx/j1N/QQeLVsLyTxPCPP99w5COlzEgU0aY4FqYEJupLl0ZM=',
    client2048:
      'Rvl2korZTY5cqmfF+hjo6A1PXujJxJKmwbRue4rSJeZC+h8YV3KlypTA3I2eHWPDMDdy7knBGartVC4V4EpXSpiVgijcZgAxBNk8gEvfJGthxXFCJ61GyK2OS09qDhQpbmlQR9NC1rh6LssyIp9rRvJhXKtj6/gamvZWMWB01GLkrMyzsv8ZKnW5YYGgx//AyALh4HdBmEeetfIgeB0SvyTE52J3s3Xy7nWoHC5R3/BBiHqmSXlhaXuaxh8b9PIXuf3fVFdN+Q1WIRfkG0DgodHN+JU8qpbSr3bMTTv2IuorQHKQBK5Adpx8fvE2OI9L8yBUtp81Xv3ASo5vvk12CQ==',
  },
  path_time_traceId: {
    client1024:
      'bzf9DGKsemI2Omiya400fElJuvS3LDfnIePL2kKAMmbcFQV9974MbQnB6eL8SmF01H/l+wBay0h82NoCPowx9pK9x84/fLy3shntKfElIeTIVKuD+H3cMUZOiQ2nDv2rO2Enq4ROq/4bfnsuqUXZKx24DgbK4nF4SaiLs7vj/JQ=',
    client2048:
      'a2PbSIK6tyLhxp8fatvG4HHpQfmJg4JF1w3d1mRbmQO0eqNT07NdekJfapztkdX7gzXTnkD9xX11IMAMsrfQo5GKaplUFh6R7n/c2L3Li+/NSmlzhNxLQ2AVf8SbJaH3hTaIR4OOD1yZzbb6dc68GEhr05HAcppo2LokYkfq1HrO+Eej64H3ad3zdw5VxvaTnc8anrd+UbI3vCljUIsiP4H58M8ruHhq1cynGi7QCDja8ofYku6XT66kVJGbYS0Dekd9liU1Anzqk3oIJEIYOM6cNq613DpruCzKSpZzCIvJpXs7XVnv+20mI4RspnCnXTxufLx4kIA5Id/8TkOH/w==',
  },
  path_time_traceId_body: {
    client1024:
      'dNrtnzBQcAJnPw9sWKIT5UYVQUu/RJt7HGAC2gu7DTUDfG5owng0LOd6Z5QISyShe92IJiYuUhLiL5Q5VHUsxlJsuGwiC/FHSC/sOYjfF54RPlDiAKUBK5ne6UtqY2D2+nfSR335aOTnXsgWjnk8IJBbjk+6hS6xpYxsfwRWevE=',
    client2048:
      'I/PUm8cSLFk8ArpwGk/u8lw0gogfYVFX6/3Y45NMPMYjuqIjNtJH5fRUUWZnlVqJQ42DzqARPtPJWA1FmIOzur/RveIjgSMWF+rXMCelKYL9idfojKypyDBThsNutM9SzSktoSHYoUvFcIUeExoqylqjXPWZRoyCjlEI3bQUX1BKfgV0Pdfx9mEvwpCmpoLb58kQerJlrAFoaMcHZ+YYyqhqkvXoLUyUxzsuDM8IPViz5kOvo9jxvoNLdqL4Fgwhk6N4XdSQPle3ymmh3LcXl4CArpPMOu53QP9RMtQk7CrsRWEJ6qepl3pmy5mCfS19fZvKwR1mvOU13WHloO7jmg==',
  },
};

export const VECTOR_KEY_CHECK = {
  algorithm: 'rsa1024',
  time: '1767225600123',
  message: 'quay-key-check\nrsa1024\n653e6590c3a3fe045b7ce68688bc6924\n1767225600123',
  checkSign:
    'OfEBZoQXFMFwP02vJOMQ0MWb32IQVRM0rsuwFC/w0nWXmc4cveqmQmWLsXvqfaXSPa2uIejka6rM6SG9ndOnsdIY7GtgqSfOvlJCxDPa20MUxvQCZ7vIPwKVZWF9z2+ZAXKNyLcyDg1ozaAMpBafGB51VXNuy8aO08sXSSS1u4o=',
} as const;

/** AES-256-CBC with a fixed key and IV, and the key wrapped for the server key. */
export const VECTOR_LOGIN_CIPHER = {
  aesKey: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
  iv: '8PHy8/T19vf4+fr7/P3+/w==',
  plaintext: '{"loginName":"vector@example.com","pwd":"Vector-Passw0rd","areaCode":""}',
  data: 'WxcF4pkRRj7xI19khUwRKoH/sXc0GI6hmYqg/acMDLCdXgTCX++1d8zZi5nm85FhSnchFWjNp2ryzRiNDPZUx+EiYT6tCv05lAE6eWCZOWY=',
  bodyCiphertext: {
    v: 1,
    key: 'n53qPhPzSQKIx8VcnBLW+QPjnn6BwtT/jUdr7G66E1e6kTvYvGRTXyfHkWD/nPjNVQzwGUTyv3vKs1pTAyPCEogifbX7OoL0Z35oGpL71FTkQgscT3CL9MxWF7meMMHcCs4IYtQuAHYDbqc8J8jpWVSBxOkyDqyiMhPpr3HB1wSNlyF/qRvNzVrjBxgr4TqfZB7jwNz3oSaWzntsrAaz1mftgfn21kfGeTurth2zfKSw+o7FFaXpww57Wrk/DVwvKquAv3XDh19FopSFuFORYXOAubxKSzwm1KjHoKXQVjyOy7tiAJHiCAiXliYON05EkJFFk5nWgsg7C4cTMIo6ag==',
    iv: '8PHy8/T19vf4+fr7/P3+/w==',
    data: 'WxcF4pkRRj7xI19khUwRKoH/sXc0GI6hmYqg/acMDLCdXgTCX++1d8zZi5nm85FhSnchFWjNp2ryzRiNDPZUx+EiYT6tCv05lAE6eWCZOWY=',
  },
} as const;

export interface VectorResult {
  name: string;
  ok: boolean;
  detail?: string;
}

/** Run every vector through the protocol module; one result per check. */
export async function checkGatewayVectors(): Promise<VectorResult[]> {
  const results: VectorResult[] = [];
  const check = async (name: string, run: () => Promise<unknown> | unknown, expected: unknown) => {
    try {
      const actual = await run();
      const ok = JSON.stringify(actual) === JSON.stringify(expected);
      results.push(ok ? { name, ok } : { name, ok, detail: `got ${JSON.stringify(actual)}` });
    } catch (error) {
      results.push({ name, ok: false, detail: String(error) });
    }
  };
  const r = VECTOR_REQUEST;
  await check('md5 of body', () => bodyMd5(r.body), r.bodyMd5);
  await check('md5 of empty body', () => bodyMd5(''), r.emptyBodyMd5);
  for (const [name, vector] of Object.entries(VECTOR_SIGNED_PATH)) {
    await check(`signed path ${name}`, () => signedPathOf(vector.input), vector.path);
  }
  await check('trace id time', () => traceTimeOf(r.traceId), 1767225600000);
  for (const mode of Object.keys(VECTOR_CANONICAL) as SignMode[]) {
    const canonical = canonicalSignString({
      mode,
      path: r.path,
      requestTime: r.requestTime,
      traceId: r.traceId,
      dataMd5: r.bodyMd5,
    });
    await check(`canonical ${mode}`, () => canonical, VECTOR_CANONICAL[mode]);
    for (const name of ['client1024', 'client2048'] as const) {
      const key = await importSigningPrivateKey(VECTOR_KEYS[name].privateKey);
      await check(
        `sign ${mode} ${name}`,
        () => signText(key, canonical),
        VECTOR_SIGNATURES[mode][name],
      );
      await check(
        `verify ${mode} ${name}`,
        () => verifyText(VECTOR_KEYS[name].publicKey, canonical, VECTOR_SIGNATURES[mode][name]),
        true,
      );
    }
    await check(
      `refuse ${mode} by another key`,
      () =>
        verifyText(VECTOR_KEYS.other1024.publicKey, canonical, VECTOR_SIGNATURES[mode].client1024),
      false,
    );
    await check(
      `refuse ${mode} over a changed string`,
      () =>
        verifyText(
          VECTOR_KEYS.client1024.publicKey,
          `${canonical}x`,
          VECTOR_SIGNATURES[mode].client1024,
        ),
      false,
    );
  }
  await check(
    'key ids',
    async () => ({
      client1024: await clientKeyId(VECTOR_KEYS.client1024.publicKey),
      client2048: await clientKeyId(VECTOR_KEYS.client2048.publicKey),
      other1024: await clientKeyId(VECTOR_KEYS.other1024.publicKey),
    }),
    VECTOR_KEY_IDS,
  );
  await check(
    'key check message',
    () =>
      keyCheckMessage({
        keyId: VECTOR_KEY_IDS.client1024,
        algorithm: 'rsa1024',
        time: VECTOR_KEY_CHECK.time,
      }),
    VECTOR_KEY_CHECK.message,
  );
  await check(
    'key check signature',
    async () =>
      signText(
        await importSigningPrivateKey(VECTOR_KEYS.client1024.privateKey),
        VECTOR_KEY_CHECK.message,
      ),
    VECTOR_KEY_CHECK.checkSign,
  );
  await check(
    'serverPublicKeySign verifies with the root key',
    () =>
      verifyServerPublicKey(
        VECTOR_KEYS.root.publicKey,
        VECTOR_KEYS.server.publicKey,
        VECTOR_SERVER_PUBLIC_KEY_SIGN,
      ),
    true,
  );
  await check(
    'serverPublicKeySign refused for another server key',
    () =>
      verifyServerPublicKey(
        VECTOR_KEYS.root.publicKey,
        VECTOR_KEYS.client2048.publicKey,
        VECTOR_SERVER_PUBLIC_KEY_SIGN,
      ),
    false,
  );
  await check(
    'serverPublicKeySign refused under another root',
    () =>
      verifyServerPublicKey(
        VECTOR_KEYS.client2048.publicKey,
        VECTOR_KEYS.server.publicKey,
        VECTOR_SERVER_PUBLIC_KEY_SIGN,
      ),
    false,
  );
  const c = VECTOR_LOGIN_CIPHER;
  await check(
    'aes-256-cbc encrypt',
    () => aesCbcEncrypt(fromBase64(c.aesKey), fromBase64(c.iv), c.plaintext),
    c.data,
  );
  await check(
    'aes-256-cbc decrypt',
    () => aesCbcDecrypt(fromBase64(c.aesKey), fromBase64(c.iv), c.data),
    c.plaintext,
  );
  const serverKey = await importDecryptionPrivateKey(VECTOR_KEYS.server.privateKey);
  await check(
    'bodyCiphertext decrypt',
    () => decryptBodyFields(serverKey, c.bodyCiphertext),
    JSON.parse(c.plaintext),
  );
  await check(
    'bodyCiphertext round trip',
    async () =>
      decryptBodyFields(
        serverKey,
        await encryptBodyFields(VECTOR_KEYS.server.publicKey, { pwd: 'Round-Tr1p' }),
      ),
    { pwd: 'Round-Tr1p' },
  );
  return results;
}
