print("stub-server")
